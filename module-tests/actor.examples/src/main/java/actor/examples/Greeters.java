package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.Receptionist;
import actor.api.Receptionist.Listing;
import actor.api.ServiceKey;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The receptionist: two greeters register under a typed key, the program finds them by the key
 * and asks each, and a census actor subscribed to the key gets every change of the set, including
 * the one a greeter's end makes.
 */
public final class Greeters {

    /** Asks a greeter to greet {@code name}. */
    record Greet(String name, ActorRef<String> replyTo) {
    }

    static final ServiceKey<Greet> GREETERS = new ServiceKey<>(Greet.class, "greeters");

    /** Greets in its language. */
    static final class Greeter extends Actor<Greet> {
        private final String hello;

        Greeter(ActorSystem system, String hello) {
            super(system);
            this.hello = hello;
        }

        @Override
        protected Allocation receive(Greet greet) {
            greet.replyTo().send(hello + ", " + greet.name());
            return Allocation.NODELETE;
        }
    }

    /** Counts the greeters of each listing it gets; ends after {@code expected} listings. */
    static final class Census extends Actor<Listing<Greet>> {
        private final List<Integer> sizes = new ArrayList<>();
        private final CompletableFuture<List<Integer>> done;
        private final int expected;

        Census(ActorSystem system, CompletableFuture<List<Integer>> done, int expected) {
            super(system);
            this.done = done;
            this.expected = expected;
        }

        @Override
        protected Allocation receive(Listing<Greet> listing) {
            sizes.add(listing.refs().size());
            if (sizes.size() < expected) {
                return Allocation.NODELETE;
            }
            done.complete(sizes);
            return Allocation.FINISHED;
        }
    }

    private Greeters() {
    }

    /** Registers two greeters, greets through each found, ends one, and prints the census's listings. */
    public static void run(PrintStream out) {
        try (ActorSystem system = ActorSystem.start()) {
            final CompletableFuture<List<Integer>> sizes = new CompletableFuture<>();
            final Census census = new Census(system, sizes, 4);
            final Greeter english = new Greeter(system, "hello");
            final Greeter french = new Greeter(system, "bonjour");
            final Receptionist receptionist = system.receptionist();
            receptionist.subscribe(GREETERS, census.ref());      // Pekko: Receptionist.subscribe(GREETERS, census)
            receptionist.register(GREETERS, english.ref());      // Pekko: Receptionist.register(GREETERS, english)
            receptionist.register(GREETERS, french.ref());
            final List<String> replies = new ArrayList<>();
            for (ActorRef<Greet> greeter : receptionist.find(GREETERS)) {      // Pekko: Receptionist.find(GREETERS, replyTo)
                replies.add(system.<Greet, String>ask(greeter, replyTo -> new Greet("Ada", replyTo),
                        Duration.ofSeconds(5)).join());
            }
            Collections.sort(replies);
            replies.forEach(out::println);
            french.send(PoisonPill.FINISHED);                    // it leaves the key: the census gets the set without it
            out.println("listings: " + sizes.join());
            english.send(PoisonPill.FINISHED);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
