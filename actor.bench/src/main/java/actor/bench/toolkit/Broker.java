package actor.bench.toolkit;

import actor.api.Actor;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.Message;
import actor.bench.suite.ChameneosColor;
import actor.bench.suite.RunSpec;
import actor.bench.suite.Workload;

/**
 * Broker, after Savina's chameneos: {@code brokerCreatures} creatures meet pairwise through one
 * broker (the mall), {@code brokerMeetings} meetings in all. A creature tells the broker it wants
 * to meet; the broker holds it until a second one comes and then forwards the second's request
 * to the first; the first answers the second with its new colour, and both go back to the broker.
 * Once the meetings are used up, the broker sends each creature that comes an exit; the creature
 * reports its meeting count and terminates; the broker terminates when all have reported. The
 * broker starts on worker 0 and the creatures on the other workers ({@link Toolkit#clientWorker}).
 * Messages are allocated per send, as in Savina.
 */
public final class Broker implements Workload {

    /** Everything the broker and the creatures exchange. */
    abstract static sealed class Note extends Message permits Meet, Change, Count, Signal {
    }

    /** A creature's request to meet; the broker forwards it to the partner. */
    static final class Meet extends Note {
        final Creature from;
        final ChameneosColor color;

        Meet(Creature from, ChameneosColor color) {
            this.from = from;
            this.color = color;
        }
    }

    /** The first of a pair tells the second its new colour. */
    static final class Change extends Note {
        final ChameneosColor color;

        Change(ChameneosColor color) {
            this.color = color;
        }
    }

    /** A creature's meetings, reported to the broker when it exits. */
    static final class Count extends Note {
        final int meetings;

        Count(int meetings) {
            this.meetings = meetings;
        }
    }

    static final class Signal extends Note {
    }

    static final Signal START = new Signal();
    static final Signal EXIT = new Signal();

    static final class Mall extends Actor<Note> {
        private final int creatures;
        /** These fields are written by behaviours only; main reads them after stop(). */
        private int meetingsLeft;
        private Creature waiting;
        private int reported;
        private long meetingsReported;

        Mall(ActorSystem system, int creatures, int meetings) {
            super(system);
            this.creatures = creatures;
            this.meetingsLeft = meetings;
        }

        @Override
        protected Allocation receive(Note note) {
            if (note instanceof Meet meet) {
                if (meetingsLeft == 0) {
                    meet.from.send(EXIT);
                } else if (waiting == null) {
                    waiting = meet.from;
                } else {
                    meetingsLeft--;
                    waiting.send(meet);
                    waiting = null;
                }
                return Allocation.NODELETE;
            }
            meetingsReported += ((Count) note).meetings;
            return ++reported == creatures ? Allocation.FINISHED : Allocation.NODELETE;
        }
    }

    static final class Creature extends Actor<Note> {
        private ChameneosColor color;
        private Mall mall;
        private int meetings;

        Creature(ActorSystem system, ChameneosColor color) {
            super(system);
            this.color = color;
        }

        @Override
        protected Allocation receive(Note note) {
            if (note instanceof Meet partner) {
                color = color.complement(partner.color);
                meetings++;
                partner.from.send(new Change(color));
            } else if (note instanceof Change change) {
                color = change.color;
                meetings++;
            } else if (note == EXIT) {
                mall.send(new Count(meetings));
                return Allocation.FINISHED;
            }
            mall.send(new Meet(this, color));
            return Allocation.NODELETE;
        }
    }

    @Override
    public long run(RunSpec spec) {
        final int count = spec.sizes().brokerCreatures();
        final int meetings = spec.sizes().brokerMeetings();
        if (count < 2) {
            throw new IllegalArgumentException("broker: brokerCreatures = " + count + ": must be at least 2");
        }
        final ActorSystem system = Toolkit.start(spec);
        final Mall mall = Toolkit.onWorker(system, 0, s -> new Mall(s, count, meetings));
        final Creature[] creatures = new Creature[count];
        for (int i = 0; i < count; i++) {
            final ChameneosColor color = ChameneosColor.initial(i);
            creatures[i] = Toolkit.onWorker(system, Toolkit.clientWorker(system, i), s -> new Creature(s, color));
            creatures[i].mall = mall;
        }
        final long start = System.nanoTime();
        for (Creature creature : creatures) {
            creature.send(START);
        }
        Toolkit.stop(system);
        final long elapsed = System.nanoTime() - start;
        Toolkit.check("broker", "meetings left", 0, mall.meetingsLeft);
        Toolkit.check("broker", "creatures reported", count, mall.reported);
        Toolkit.check("broker", "meetings reported (two creatures each)", 2L * meetings, mall.meetingsReported);
        return elapsed;
    }
}
