package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import actor.api.routing.Pool;
import actor.api.routing.Routing;
import java.io.PrintStream;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Routing: a pool of four ledger actors shares the accounts, by consistent hashing of the account
 * name. Every message about one account goes to the same ledger, so its deposits are added in the
 * order sent and a balance request finds the ledger that holds the account. The pool is an
 * {@code ActorRef} like any other: the main thread asks through it, then ends it with a poison pill,
 * which each ledger takes after the messages it has queued.
 */
public final class Ledgers {

    /** What a ledger accepts; each message names its account, the routing key. */
    sealed interface LedgerMsg permits Deposit, Balance {
        String account();
    }

    /** Adds {@code amount} to the account. */
    record Deposit(String account, long amount) implements LedgerMsg {
    }

    /** Asks for the account's balance, answered to {@code replyTo}. */
    record Balance(String account, ActorRef<String> replyTo) implements LedgerMsg {
    }

    /** Keeps the balances of the accounts routed to it. */
    static final class Ledger extends Actor<LedgerMsg> {
        private final Map<String, Long> balances = new HashMap<>();

        Ledger(ActorSystem system) {
            super(system);
        }

        @Override
        protected Allocation receive(LedgerMsg msg) {
            if (msg instanceof Deposit deposit) {
                balances.merge(deposit.account(), deposit.amount(), Long::sum);
            } else if (msg instanceof Balance balance) {
                balance.replyTo().send(balance.account() + " " + balances.getOrDefault(balance.account(), 0L));
            }
            return Allocation.NODELETE;
        }
    }

    private Ledgers() {
    }

    /** Deposits 1 to 99 over three accounts through the pool, then prints each balance. */
    public static void run(PrintStream out) {
        final List<String> accounts = List.of("alice", "bob", "carol");
        try (ActorSystem system = ActorSystem.start()) {
            final Pool<LedgerMsg> ledgers = Pool.spawn(system, 4, Ledger::new, Routing.consistentHashing(LedgerMsg::account));
            for (int amount = 1; amount <= 99; amount++) {
                ledgers.send(new Deposit(accounts.get(amount % 3), amount));
            }
            for (String account : accounts) {
                out.println(system.<LedgerMsg, String>ask(ledgers, replyTo -> new Balance(account, replyTo),
                        Duration.ofSeconds(5)).join());
            }
            ledgers.send(PoisonPill.FINISHED);                 // each ledger ends after what it has queued
        }
    }

    public static void main(String[] args) {
        run(System.out);
    }
}
