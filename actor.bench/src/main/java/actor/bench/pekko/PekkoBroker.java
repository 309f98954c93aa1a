package actor.bench.pekko;

import actor.bench.suite.ChameneosColor;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.pekko.actor.typed.ActorRef;
import org.apache.pekko.actor.typed.Behavior;
import org.apache.pekko.actor.typed.javadsl.AbstractBehavior;
import org.apache.pekko.actor.typed.javadsl.ActorContext;
import org.apache.pekko.actor.typed.javadsl.Behaviors;
import org.apache.pekko.actor.typed.javadsl.Receive;

/**
 * Broker, after Savina's chameneos: {@code brokerCreatures} creatures meet pairwise through one
 * broker (the mall), {@code brokerMeetings} meetings in all, exactly as actorkit's workload does
 * (a request to meet, forwarded to the partner, a colour change back, both return to the mall;
 * then an exit and a meeting count each). All are spawned beforehand and placed by Pekko;
 * messages are allocated per send, as in Savina. The run ends when the mall has every count.
 */
public final class PekkoBroker implements Workload {

    private static final String NAME = "PekkoBroker";

    private sealed interface MallMessage permits Meet, Count {
    }

    private sealed interface CreatureMessage permits Meet, Change, Start, Exit {
    }

    /** A creature's request to meet; the mall forwards it to the partner. */
    private static final class Meet implements MallMessage, CreatureMessage {
        final ActorRef<CreatureMessage> from;
        final ChameneosColor color;

        Meet(ActorRef<CreatureMessage> from, ChameneosColor color) {
            this.from = from;
            this.color = color;
        }
    }

    /** The first of a pair tells the second its new colour. */
    private static final class Change implements CreatureMessage {
        final ChameneosColor color;

        Change(ChameneosColor color) {
            this.color = color;
        }
    }

    /** A creature's meetings, reported to the mall when it exits. */
    private static final class Count implements MallMessage {
        final int meetings;

        Count(int meetings) {
            this.meetings = meetings;
        }
    }

    private enum Start implements CreatureMessage { INSTANCE }

    private enum Exit implements CreatureMessage { INSTANCE }

    /** What the mall saw, handed to main when every creature has reported. */
    private record Outcome(int meetingsLeft, int reported, long meetingsReported) {
    }

    private static final class Mall extends AbstractBehavior<MallMessage> {
        private final int creatures;
        private final CompletableFuture<Outcome> done;
        private int meetingsLeft;
        private ActorRef<CreatureMessage> waiting;
        private int reported;
        private long meetingsReported;

        Mall(ActorContext<MallMessage> context, int creatures, int meetings, CompletableFuture<Outcome> done) {
            super(context);
            this.creatures = creatures;
            this.meetingsLeft = meetings;
            this.done = done;
        }

        @Override
        public Receive<MallMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Meet.class, this::onMeet)
                    .onMessage(Count.class, this::onCount)
                    .build();
        }

        private Behavior<MallMessage> onMeet(Meet meet) {
            if (meetingsLeft == 0) {
                meet.from.tell(Exit.INSTANCE);
            } else if (waiting == null) {
                waiting = meet.from;
            } else {
                meetingsLeft--;
                waiting.tell(meet);
                waiting = null;
            }
            return this;
        }

        private Behavior<MallMessage> onCount(Count count) {
            meetingsReported += count.meetings;
            if (++reported < creatures) {
                return this;
            }
            done.complete(new Outcome(meetingsLeft, reported, meetingsReported));
            return Behaviors.stopped();
        }
    }

    private static final class Creature extends AbstractBehavior<CreatureMessage> {
        private final ActorRef<MallMessage> mall;
        private final ActorRef<CreatureMessage> self;
        private ChameneosColor color;
        private int meetings;

        Creature(ActorContext<CreatureMessage> context, ActorRef<MallMessage> mall, ChameneosColor color) {
            super(context);
            this.mall = mall;
            this.self = context.getSelf();
            this.color = color;
        }

        @Override
        public Receive<CreatureMessage> createReceive() {
            return newReceiveBuilder()
                    .onMessage(Meet.class, this::onPartner)
                    .onMessage(Change.class, this::onChange)
                    .onMessage(Start.class, start -> goToMall())
                    .onMessage(Exit.class, exit -> onExit())
                    .build();
        }

        private Behavior<CreatureMessage> onPartner(Meet partner) {
            color = color.complement(partner.color);
            meetings++;
            partner.from.tell(new Change(color));
            return goToMall();
        }

        private Behavior<CreatureMessage> onChange(Change change) {
            color = change.color;
            meetings++;
            return goToMall();
        }

        private Behavior<CreatureMessage> goToMall() {
            mall.tell(new Meet(self, color));
            return this;
        }

        private Behavior<CreatureMessage> onExit() {
            mall.tell(new Count(meetings));
            return Behaviors.stopped();
        }
    }

    @Override
    public long run(RunSpec spec) throws Exception {
        final int count = spec.sizes().brokerCreatures();
        final int meetings = spec.sizes().brokerMeetings();
        if (count < 2) {
            throw new IllegalArgumentException(NAME + ": brokerCreatures = " + count + ": must be at least 2");
        }
        final CompletableFuture<Outcome> done = new CompletableFuture<>();
        final var started = PekkoSystems.startWith(NAME, spec, context -> {
            final ActorRef<MallMessage> mall = context.spawn(
                    Behaviors.<MallMessage>setup(c -> new Mall(c, count, meetings, done)), "mall");
            final List<ActorRef<CreatureMessage>> all = new ArrayList<>(count);
            for (int i = 0; i < count; i++) {
                final ChameneosColor color = ChameneosColor.initial(i);
                all.add(context.spawn(Behaviors.<CreatureMessage>setup(c -> new Creature(c, mall, color)),
                        "creature-" + i));
            }
            return all;
        });
        final long elapsed;
        final Outcome outcome;
        try {
            final long t0 = System.nanoTime();
            for (ActorRef<CreatureMessage> creature : started.value()) {
                creature.tell(Start.INSTANCE);
            }
            outcome = PekkoSystems.await(done, NAME);
            elapsed = System.nanoTime() - t0;
        } finally {
            PekkoSystems.terminate(started.system(), NAME);
        }
        PekkoSystems.check(NAME, "meetings left", 0, outcome.meetingsLeft());
        PekkoSystems.check(NAME, "creatures reported", count, outcome.reported());
        PekkoSystems.check(NAME, "meetings reported (two creatures each)", 2L * meetings, outcome.meetingsReported());
        return elapsed;
    }
}
