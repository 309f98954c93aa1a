package actor.remote;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.aeron.Aeron;
import io.aeron.driver.MediaDriver;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.Enumeration;
import java.util.List;
import java.util.TreeSet;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import org.agrona.DirectBuffer;
import org.junit.jupiter.api.Test;

/**
 * No Aeron release is built against Agrona 2.6 (1.51.0, the newest, names 2.4.1), so Aeron runs on
 * the Agrona the toolkit pins. This reads every field and method of Agrona that the Aeron client
 * and driver classes refer to (their constant pools) and checks that the Agrona on the path has it,
 * so a linkage error would show here rather than on a rare path in production.
 */
class AeronOnPinnedAgronaTest {

    @Test
    void everyAgronaMemberAeronRefersToExists() throws Exception {
        assertEquals("2.6.0", DirectBuffer.class.getModule().getDescriptor().rawVersion().orElseThrow(), "the pinned Agrona");
        final List<String> missing = new ArrayList<>();
        int checked = 0;
        for (Class<?> fromJar : List.of(Aeron.class, MediaDriver.class)) {
            final Path jar = Path.of(fromJar.getProtectionDomain().getCodeSource().getLocation().toURI());
            try (JarFile file = new JarFile(jar.toFile())) {
                final Enumeration<JarEntry> entries = file.entries();
                while (entries.hasMoreElements()) {
                    final JarEntry entry = entries.nextElement();
                    if (!entry.getName().endsWith(".class") || entry.getName().contains("module-info")) {
                        continue;
                    }
                    try (InputStream in = file.getInputStream(entry)) {
                        for (String[] ref : agronaMemberRefs(in)) {
                            checked++;
                            if (!exists(ref[0], ref[1], ref[2])) {
                                missing.add(entry.getName() + " -> " + String.join(" ", ref));
                            }
                        }
                    }
                }
            }
        }
        assertTrue(checked > 300, "found only " + checked + " references to Agrona members");
        assertEquals(List.of(), new ArrayList<>(new TreeSet<>(missing)));
    }

    /** The Fieldref, Methodref and InterfaceMethodref constants of a class file whose owner is in org.agrona: owner, name, descriptor. */
    private static List<String[]> agronaMemberRefs(InputStream classFile) throws IOException {
        final DataInputStream in = new DataInputStream(classFile);
        in.readInt();
        in.readUnsignedShort();
        in.readUnsignedShort();
        final int count = in.readUnsignedShort();
        final Object[] pool = new Object[count];
        final int[][] links = new int[count][];
        final int[] tags = new int[count];
        for (int i = 1; i < count; i++) {
            final int tag = in.readUnsignedByte();
            tags[i] = tag;
            switch (tag) {
                case 1 -> pool[i] = in.readUTF();
                case 3, 4 -> in.readInt();
                case 5, 6 -> {
                    in.readLong();
                    i++;
                }
                case 7, 8, 16, 19, 20 -> links[i] = new int[] {in.readUnsignedShort()};
                case 9, 10, 11, 12, 17, 18 -> links[i] = new int[] {in.readUnsignedShort(), in.readUnsignedShort()};
                case 15 -> {
                    in.readUnsignedByte();
                    in.readUnsignedShort();
                }
                default -> throw new IOException("unknown constant pool tag " + tag);
            }
        }
        final List<String[]> refs = new ArrayList<>();
        for (int i = 1; i < count; i++) {
            if (tags[i] == 9 || tags[i] == 10 || tags[i] == 11) {
                final String owner = (String) pool[links[links[i][0]][0]];
                final int[] nameAndType = links[links[i][1]];
                if (owner.startsWith("org/agrona/")) {
                    refs.add(new String[] {owner.replace('/', '.'), (String) pool[nameAndType[0]], (String) pool[nameAndType[1]]});
                }
            }
        }
        return refs;
    }

    /** Whether {@code owner} or one of its supertypes declares the member (a field when the descriptor is not a method's). */
    private static boolean exists(String owner, String name, String descriptor) {
        final Class<?> start;
        try {
            start = Class.forName(owner, false, DirectBuffer.class.getClassLoader());
        } catch (ClassNotFoundException e) {
            return false;
        }
        final Deque<Class<?>> todo = new ArrayDeque<>(List.of(start));
        while (!todo.isEmpty()) {
            final Class<?> type = todo.poll();
            if (descriptor.startsWith("(")) {
                for (Method m : type.getDeclaredMethods()) {
                    if (m.getName().equals(name)
                            && MethodType.methodType(m.getReturnType(), m.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                        return true;
                    }
                }
                for (Constructor<?> c : type.getDeclaredConstructors()) {
                    if (name.equals("<init>")
                            && MethodType.methodType(void.class, c.getParameterTypes()).toMethodDescriptorString().equals(descriptor)) {
                        return true;
                    }
                }
            } else {
                for (Field f : type.getDeclaredFields()) {
                    if (f.getName().equals(name) && f.getType().descriptorString().equals(descriptor)) {
                        return true;
                    }
                }
            }
            if (type.getSuperclass() != null) {
                todo.add(type.getSuperclass());
            }
            todo.addAll(Arrays.asList(type.getInterfaces()));
        }
        return false;
    }
}
