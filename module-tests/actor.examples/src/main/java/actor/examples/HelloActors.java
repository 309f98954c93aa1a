package actor.examples;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.api.PoisonPill;
import java.io.PrintStream;

/**
 * The first example of the reference chapter: an actor that receives a string message and an
 * integer message, three cascaded sends, then the builtin finished pill.
 *
 * <pre>
 * string message "Hello World"
 * integer message 42
 * integer message 42
 * </pre>
 */
public final class HelloActors {

    private HelloActors() {
    }

    /** The messages {@link Printer} accepts: a closed set, each knowing how it is printed. */
    abstract static sealed class PrintMsg extends Message permits StrMsg, IntMsg {
        abstract String text();
    }

    static final class StrMsg extends PrintMsg {
        private final String str;

        StrMsg(String str) {
            this.str = str;
        }

        @Override
        String text() {
            return "string message \"" + str + "\"";
        }
    }

    static final class IntMsg extends PrintMsg {
        private final int i;

        IntMsg(int i) {
            this.i = i;
        }

        @Override
        String text() {
            return "integer message " + i;
        }
    }

    /** Prints every message it receives; terminates on a poison pill. */
    static final class Printer extends Actor<PrintMsg> {
        private final PrintStream out;

        Printer(ActorSystem system, PrintStream out) {
            super(system);
            this.out = out;
        }

        @Override
        protected Allocation receive(PrintMsg msg) {
            out.println(msg.text());
            return Allocation.NODELETE;
        }
    }

    /** Runs the example on a fresh system, printing to {@code out}. */
    public static void run(PrintStream out) {
        final StrMsg str = new StrMsg("Hello World");
        final IntMsg num = new IntMsg(42);
        try (ActorSystem system = ActorSystem.start()) {
            final Printer printer = new Printer(system, out);
            printer.send(str).send(num);
            printer.send(num);
            printer.send(PoisonPill.FINISHED);
        }
    }

    /** Prints the example's three lines on standard output. */
    public static void main(String[] args) {
        run(System.out);
    }
}
