package actor.stats;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where, and in which format, a system writes its final statistics when it stops: a stream (for
 * example {@code System.out}) or a file (created or replaced).
 */
public final class StatisticsReport {

    /** The report's format. */
    public enum Format {
        /** {@link Statistics#toText()}. */
        TEXT,
        /** {@link Statistics#toJson()}. */
        JSON
    }

    private final Format format;
    private final PrintStream stream;
    private final Path file;

    private StatisticsReport(Format format, PrintStream stream, Path file) {
        this.format = Objects.requireNonNull(format, "format");
        this.stream = stream;
        this.file = file;
    }

    /**
     * {@return a report written to {@code stream}, which is flushed, not closed}
     *
     * @param stream where the report goes, for example {@code System.out}
     * @param format the report's format
     */
    public static StatisticsReport to(PrintStream stream, Format format) {
        return new StatisticsReport(format, Objects.requireNonNull(stream, "stream"), null);
    }

    /**
     * {@return a report written to {@code file}, which is created or replaced}
     *
     * @param file   the report's file
     * @param format the report's format
     */
    public static StatisticsReport to(Path file, Format format) {
        return new StatisticsReport(format, null, Objects.requireNonNull(file, "file"));
    }

    /** {@return the report's format} */
    public Format format() {
        return format;
    }

    /**
     * Writes {@code statistics} in this report's format: JSON gets a final line break.
     *
     * @param statistics the snapshot to write, normally the final one
     * @throws UncheckedIOException if the file cannot be written
     */
    public void write(Statistics statistics) {
        final String text = format == Format.JSON ? statistics.toJson() + "\n" : statistics.toText();
        if (stream != null) {
            stream.print(text);
            stream.flush();
            return;
        }
        try {
            Files.writeString(file, text, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the statistics report to " + file, e);
        }
    }

    @Override
    public String toString() {
        return format + " report to " + (stream != null ? "a stream" : file);
    }
}
