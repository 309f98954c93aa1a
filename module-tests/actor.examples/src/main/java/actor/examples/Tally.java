package actor.examples;

import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Behaviour;
import actor.api.PoisonPill;
import actor.api.Supervised;
import actor.api.SupervisorStrategy;
import java.io.PrintStream;
import java.time.Duration;

/**
 * Supervision: a tally adds the numbers it is sent; a number it cannot parse fails its behaviour,
 * and the supervisor restarts it with a fresh state, keeping the messages after the failing one.
 */
public final class Tally {

    /** What the tally accepts. */
    sealed interface TallyMsg permits Add, Total {
    }

    /** A number, as text. */
    record Add(String number) implements TallyMsg {
    }

    /** Asks for the total. */
    record Total(ActorRef<String> replyTo) implements TallyMsg {
    }

    /** The state a restart replaces: the total. */
    static final class Counting implements Behaviour<TallyMsg> {
        private long total;

        @Override
        public Allocation receive(TallyMsg msg) {
            if (msg instanceof Add add) {
                total += Long.parseLong(add.number());         // "x" throws NumberFormatException
                return Allocation.NODELETE;
            }
            ((Total) msg).replyTo().send("total " + total);
            return Allocation.NODELETE;
        }
    }

    private Tally() {
    }

    /** Adds 1 and 2, fails on "x", adds 5, and prints the total before and after the restart. */
    public static void run(PrintStream out) {
        try (ActorSystem system = ActorSystem.start()) {
            final Supervised<TallyMsg> tally = new Supervised<>(system, Counting::new, NumberFormatException.class,
                    SupervisorStrategy.restart().withLimit(3, Duration.ofMinutes(1)));
            tally.send(new Add("1")).send(new Add("2"));
            out.println(system.<TallyMsg, String>ask(tally.ref(), Total::new, Duration.ofSeconds(5)).join());
            tally.send(new Add("x")).send(new Add("5"));  // a fresh Counting gets the 5
            out.println(system.<TallyMsg, String>ask(tally.ref(), Total::new, Duration.ofSeconds(5)).join());
            tally.send(PoisonPill.FINISHED);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
