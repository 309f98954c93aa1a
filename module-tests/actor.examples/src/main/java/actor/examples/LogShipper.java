package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.MailboxBound;
import actor.api.PoisonPill;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Overload control: a log shipper holds at most three lines; while its backend is down it ships
 * nothing, so its queue fills, and the producer, which offers lines with {@code trySend}, sheds
 * those that do not fit instead of filling the heap. Once the backend is back, the shipper ships the
 * lines it held, in order.
 */
public final class LogShipper {

    /** What the shipper accepts. */
    sealed interface ShipperMsg permits Line, Outage, Shipped {
    }

    /** A log line to ship. */
    record Line(String text) implements ShipperMsg {
    }

    /** The backend is down until {@code restored} completes; acknowledged to {@code replyTo}. */
    record Outage(CompletableFuture<Void> restored, ActorRef<String> replyTo) implements ShipperMsg {
    }

    /** Asks for the lines shipped so far. */
    record Shipped(ActorRef<List<String>> replyTo) implements ShipperMsg {
    }

    /** Ships lines; waits out an outage without blocking its worker, its queue bounded meanwhile. */
    static final class Shipper extends Actor<ShipperMsg> {
        private final List<String> shipped = new ArrayList<>();

        Shipper(ActorSystem system) {
            super(system, MailboxBound.waiting(3, Duration.ofSeconds(1)));   // at most 3 queued
        }

        @Override
        protected Allocation receive(ShipperMsg msg) {
            if (msg instanceof Outage outage) {
                outage.replyTo().send("backend down");
                return await(outage.restored(), (ok, failure) -> Allocation.NODELETE);   // lines wait, and count
            }
            if (msg instanceof Line line) {
                shipped.add(line.text());
                return Allocation.NODELETE;
            }
            ((Shipped) msg).replyTo().send(List.copyOf(shipped));
            return Allocation.NODELETE;
        }
    }

    private LogShipper() {
    }

    /** Offers five lines during an outage, then prints what was accepted, shed and shipped. */
    public static void run(PrintStream out) {
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().mailboxAlarm(10_000).build())) {
            final Shipper shipper = new Shipper(system);
            final CompletableFuture<Void> restored = new CompletableFuture<>();
            out.println(system.<ShipperMsg, String>ask(shipper.ref(), replyTo -> new Outage(restored, replyTo),
                    Duration.ofSeconds(5)).join());
            int accepted = 0;
            int shed = 0;
            for (int i = 1; i <= 5; i++) {
                if (shipper.trySend(new Line("line " + i))) {   // false when full: nothing queued, nothing waits
                    accepted++;
                } else {
                    shed++;
                }
            }
            out.println("accepted " + accepted + ", shed " + shed);
            restored.complete(null);                        // the backend is back: the held lines are shipped
            out.println("shipped " + system.<ShipperMsg, List<String>>ask(shipper.ref(), Shipped::new,   // waits for room
                    Duration.ofSeconds(5)).join());
            shipper.send(PoisonPill.FINISHED);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
