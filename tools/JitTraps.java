import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingFile;

/**
 * The JIT's uncommon traps in the toolkit's code, from Flight Recorder files of tools/jit-traps:
 * for each JVM its traps, and for each trap the compiled method it threw away (the root, which
 * may have inlined the trapping method) and when C2 compiled that root again. A trap in a small
 * root costs little; one in a root that inlines behaviours keeps them in slow code until C2 has
 * compiled the root again, which beside busy processes can outlast the run ("never").
 *
 * <p>Usage: {@code java tools/JitTraps.java FILE.jfr...} (single-file source, JDK 17+).
 */
public final class JitTraps {

    private record Compile(String method, int level, Instant start, Duration duration) {
    }

    public static void main(String[] args) throws IOException {
        final Map<String, Integer> byPlace = new TreeMap<>();
        for (String file : args) {
            final List<RecordedEvent> events = RecordingFile.readAllEvents(Path.of(file));
            final Map<Integer, Compile> compiles = new HashMap<>();
            final List<RecordedEvent> traps = new ArrayList<>();
            Instant first = null;
            for (RecordedEvent event : events) {
                if (first == null || event.getStartTime().isBefore(first)) {
                    first = event.getStartTime();
                }
                final String type = event.getEventType().getName();
                if (type.equals("jdk.Compilation")) {
                    compiles.put(event.getInt("compileId"), new Compile(name(event.getValue("method")),
                            event.getInt("compileLevel"), event.getStartTime(), event.getDuration()));
                } else if (type.equals("jdk.Deoptimization")) {
                    traps.add(event);
                }
            }
            traps.sort((a, b) -> a.getStartTime().compareTo(b.getStartTime()));
            System.out.println(file + ":");
            for (RecordedEvent trap : traps) {
                final String method = name(trap.getValue("method"));
                if (!method.startsWith("actor.") || method.startsWith("actor.bench.")) {
                    continue;
                }
                final Compile root = compiles.get(trap.getInt("compileId"));
                final String rootName = root == null ? "compile " + trap.getInt("compileId") : root.method();
                Compile again = null;
                for (Compile compile : compiles.values()) {
                    if (compile.method().equals(rootName) && compile.level() == 4
                            && compile.start().isAfter(trap.getStartTime())
                            && (again == null || compile.start().isBefore(again.start()))) {
                        again = compile;
                    }
                }
                final String place = method + " line " + trap.getInt("lineNumber") + " " + trap.getString("reason");
                byPlace.merge(place + ", root " + rootName, 1, Integer::sum);
                System.out.printf("  %6.2f s  %s%n            threw away %s; C2 again %s%n",
                        seconds(first, trap.getStartTime()), place, rootName,
                        again == null ? "never (before the JVM ended)"
                                : String.format("at %.2f s (%d ms compile)", seconds(first, again.start()),
                                        again.duration().toMillis()));
            }
        }
        System.out.println("traps by place and root, all JVMs:");
        byPlace.entrySet().stream()
                .sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> System.out.printf("%5d  %s%n", e.getValue(), e.getKey()));
    }

    private static String name(Object method) {
        final RecordedMethod m = (RecordedMethod) method;
        return m == null ? "?" : m.getType().getName() + "." + m.getName();
    }

    private static double seconds(Instant from, Instant to) {
        return Duration.between(from, to).toNanos() / 1e9;
    }
}
