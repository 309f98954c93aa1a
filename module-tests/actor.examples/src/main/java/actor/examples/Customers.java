package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.ActorSystemConfig;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

/**
 * Blocking calls: an actor looks customers up through a JDBC-style data access object, whose every
 * call blocks its thread. It runs each call with {@code system().blocking(...)} on the system's
 * blocking pool and awaits the result, so its worker is never blocked; the requests that arrive
 * meanwhile stay queued, in order, which is why its {@code pending} field needs no lock. The main
 * thread asks with a timeout and prints the replies in the order asked.
 */
public final class Customers {

    /** A customer row. */
    record Customer(long id, String name) {
    }

    /** A stand-in for a JDBC data access object: each call blocks its thread, as a query does. */
    static final class CustomerDao {
        private static final Map<Long, String> TABLE = Map.of(1L, "Ada Lovelace", 2L, "Alan Turing");

        /** {@code SELECT name FROM customer WHERE id = ?}: the row, or a failure if there is none. */
        Customer load(long id) throws InterruptedException {
            Thread.sleep(20);                           // the round trip to the database
            final String name = TABLE.get(id);
            if (name == null) {
                throw new NoSuchElementException("no customer " + id);
            }
            return new Customer(id, name);
        }
    }

    /** A request for a customer's name, answered to {@code replyTo}. */
    record Lookup(long id, ActorRef<String> replyTo) {
    }

    /** Answers lookups from the database, one at a time, without blocking its worker. */
    static final class CustomerService extends Actor<Lookup> {
        private final CustomerDao dao;
        /** The lookup being loaded: only this actor's behaviours touch it, one at a time. */
        private Lookup pending;

        CustomerService(ActorSystem system, CustomerDao dao) {
            super(system);
            this.dao = dao;
        }

        @Override
        protected Allocation receive(Lookup lookup) {
            pending = lookup;
            return await(system().blocking(() -> dao.load(lookup.id())), this::loaded);
        }

        private Allocation loaded(Customer customer, Throwable failure) {
            pending.replyTo().send(failure == null ? customer.id() + ": " + customer.name()
                    : pending.id() + ": " + failure.getMessage());
            pending = null;
            return Allocation.NODELETE;
        }
    }

    private Customers() {
    }

    /** Looks up customers 1, 3 and 2 and prints each answer, in the order asked. */
    public static void run(PrintStream out) {
        // Four blocking threads are plenty here; the default, 64, suits a pool of database connections.
        try (ActorSystem system = ActorSystem.start(ActorSystemConfig.builder().blockingThreads(4).build())) {
            final CustomerService service = new CustomerService(system, new CustomerDao());
            final List<CompletableFuture<String>> replies = List.of(1L, 3L, 2L).stream()
                    .map(id -> system.<Lookup, String>ask(service.ref(), replyTo -> new Lookup(id, replyTo),
                            Duration.ofSeconds(5)))
                    .toList();
            replies.forEach(reply -> out.println(reply.join()));
            service.send(PoisonPill.FINISHED);
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
