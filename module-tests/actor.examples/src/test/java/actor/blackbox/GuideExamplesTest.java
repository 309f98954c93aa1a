package actor.blackbox;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import actor.examples.Countdown;
import actor.examples.Crew;
import actor.examples.Greeters;
import actor.examples.Jobs;
import actor.examples.Ledgers;
import actor.examples.LogShipper;
import actor.examples.PriceList;
import actor.examples.Series;
import actor.examples.Tally;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The guide's sections whose code is not abridged, as a reader checks them: every {@code java}
 * block of the section is code of the example the section names (comments and blank lines aside),
 * and the example prints what the section says it prints. Fails when the guide and the examples
 * drift apart.
 */
class GuideExamplesTest {

    /** Surefire runs in the module's directory, two below the repository's root. */
    private static final Path GUIDE = Path.of("..", "..", "docs", "guide.md");
    private static final Pattern NAMED = Pattern.compile("module-tests/actor\\.examples/(src/main/java/actor/examples/\\w+\\.java)");
    private static final Pattern PRINTS = Pattern.compile("prints ((?:`[^`]+`(?:, )?)+)");

    @ParameterizedTest
    @CsvSource({"## Stash, PriceList", "## Routers, Ledgers", "## Death watch, Jobs", "## Keyed timers, Countdown", "## Receptionist, Greeters", "## Supervision, Tally", "## Refs first, Crew",
            "## Ask from a behaviour, Series", "## Overload control, LogShipper"})
    void theSectionsCodeIsTheExamplesAndItPrintsWhatTheSectionSays(String heading, String example) throws IOException {
        final List<String> section = section(Files.readAllLines(GUIDE, StandardCharsets.UTF_8), heading);
        final String text = String.join(" ", section);
        final Matcher named = NAMED.matcher(text);
        assertTrue(named.find(), heading + " names no example");
        final Path source = Path.of(named.group(1));
        assertEquals(example + ".java", source.getFileName().toString());
        final String code = String.join(" ", codeLines(Files.readAllLines(source, StandardCharsets.UTF_8)));
        final List<List<String>> blocks = javaBlocks(section);
        assertFalse(blocks.isEmpty(), heading + " has no java block");
        for (List<String> block : blocks) {
            final String snippet = String.join(" ", codeLines(block));
            assertTrue(code.contains(snippet), heading + ": not the code of " + source + ": " + snippet);
        }

        final Matcher prints = PRINTS.matcher(text);
        assertTrue(prints.find(), heading + " says nothing of what it prints");
        final List<String> shown = Pattern.compile("`([^`]+)`").matcher(prints.group(1)).results()
                .map(m -> m.group(1)).toList();
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        final Consumer<PrintStream> run = switch (example) {
            case "PriceList" -> PriceList::run;
            case "Ledgers" -> Ledgers::run;
            case "Jobs" -> Jobs::run;
            case "Greeters" -> Greeters::run;
            case "Tally" -> Tally::run;
            case "Crew" -> Crew::run;
            case "Series" -> Series::run;
            case "LogShipper" -> LogShipper::run;
            default -> Countdown::run;
        };
        run.accept(new PrintStream(bytes, true, StandardCharsets.UTF_8));
        assertEquals(shown, bytes.toString(StandardCharsets.UTF_8).lines().toList());
    }

    /** The lines from {@code heading} to the next heading of its level. */
    private static List<String> section(List<String> lines, String heading) {
        final int at = lines.indexOf(heading);
        assertTrue(at >= 0, "the guide has no line \"" + heading + "\"");
        int end = at + 1;
        while (end < lines.size() && !lines.get(end).startsWith("## ")) {
            end++;
        }
        return lines.subList(at + 1, end);
    }

    /** Every {@code java} fenced block of {@code lines}. */
    private static List<List<String>> javaBlocks(List<String> lines) {
        final List<List<String>> blocks = new ArrayList<>();
        List<String> open = null;
        for (String line : lines) {
            if (open == null && line.equals("```java")) {
                open = new ArrayList<>();
            } else if (open != null && line.equals("```")) {
                blocks.add(open);
                open = null;
            } else if (open != null) {
                open.add(line);
            }
        }
        return blocks;
    }

    /** Each line without its {@code //} comment and surrounding blanks; blank and javadoc lines left out. */
    private static List<String> codeLines(List<String> lines) {
        return lines.stream().map(line -> {
            final int comment = line.indexOf("//");
            return (comment >= 0 ? line.substring(0, comment) : line).strip();
        }).filter(line -> !line.isEmpty() && !line.startsWith("/**") && !line.startsWith("*")).toList();
    }
}
