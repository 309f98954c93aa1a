package actor.blackbox;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A minimal JSON reader for the tests (objects, arrays, strings, numbers, booleans, null), so a
 * statistics report can be parsed back independently of the code that wrote it.
 */
final class MiniJson {

    private final String text;
    private int at;

    private MiniJson(String text) {
        this.text = text;
    }

    static Object parse(String text) {
        final MiniJson parser = new MiniJson(text);
        final Object value = parser.value();
        parser.skipSpace();
        if (parser.at != text.length()) {
            throw new IllegalArgumentException("trailing characters at " + parser.at);
        }
        return value;
    }

    private Object value() {
        skipSpace();
        final char c = text.charAt(at);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                expect("true");
                return Boolean.TRUE;
            case 'f':
                expect("false");
                return Boolean.FALSE;
            case 'n':
                expect("null");
                return null;
            default:
                return number();
        }
    }

    private Map<String, Object> object() {
        final Map<String, Object> map = new LinkedHashMap<>();
        at++;
        skipSpace();
        if (text.charAt(at) == '}') {
            at++;
            return map;
        }
        while (true) {
            skipSpace();
            final String key = string();
            skipSpace();
            expect(":");
            map.put(key, value());
            skipSpace();
            if (text.charAt(at) == ',') {
                at++;
            } else {
                expect("}");
                return map;
            }
        }
    }

    private List<Object> array() {
        final List<Object> list = new ArrayList<>();
        at++;
        skipSpace();
        if (text.charAt(at) == ']') {
            at++;
            return list;
        }
        while (true) {
            list.add(value());
            skipSpace();
            if (text.charAt(at) == ',') {
                at++;
            } else {
                expect("]");
                return list;
            }
        }
    }

    private String string() {
        expect("\"");
        final StringBuilder out = new StringBuilder();
        while (true) {
            final char c = text.charAt(at++);
            if (c == '"') {
                return out.toString();
            }
            if (c == '\\') {
                final char e = text.charAt(at++);
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 't' -> out.append('\t');
                    case 'r' -> out.append('\r');
                    case 'u' -> {
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(e);
                }
            } else {
                out.append(c);
            }
        }
    }

    private Number number() {
        final int start = at;
        while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
            at++;
        }
        final String n = text.substring(start, at);
        return n.contains(".") || n.contains("e") || n.contains("E") ? (Number) Double.parseDouble(n) : (Number) Long.parseLong(n);
    }

    private void expect(String s) {
        if (!text.startsWith(s, at)) {
            throw new IllegalArgumentException("expected " + s + " at " + at + " in " + text);
        }
        at += s.length();
    }

    private void skipSpace() {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
            at++;
        }
    }
}
