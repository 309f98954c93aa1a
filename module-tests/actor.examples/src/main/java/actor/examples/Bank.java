package actor.examples;

import actor.api.Actor;
import actor.api.ActorRef;
import actor.api.ActorSystem;
import actor.api.Allocation;
import actor.api.PoisonPill;
import java.io.PrintStream;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Messages as records and sealed interfaces: a teller moves money between accounts by
 * request/reply. Each protocol is a sealed interface; {@code Balance} belongs to both the
 * teller's and the accounts' protocols; requests carry a send-only {@link ActorRef} to reply to, so
 * an account can answer the teller and do nothing else with it. Prints refused transfers, then the
 * final balances by account name.
 */
public final class Bank {

    private Bank() {
    }

    /** What an account accepts. */
    sealed interface AccountMsg permits Deposit, Withdraw, Balance {
    }

    /** What the teller accepts. */
    sealed interface TellerMsg permits Transfer, Audit, Done, Balance {
    }

    record Deposit(long amount, ActorRef<TellerMsg> replyTo) implements AccountMsg {
    }

    record Withdraw(long amount, ActorRef<TellerMsg> replyTo) implements AccountMsg {
    }

    /** A request for the balance, sent to an account; the same record, filled in, is the reply. */
    record Balance(String account, long amount, ActorRef<TellerMsg> replyTo) implements AccountMsg, TellerMsg {
    }

    /** Move {@code amount} from one account to another, if the first holds it. */
    record Transfer(Account from, Account to, long amount) implements TellerMsg {
    }

    /** Once the transfers before it are done: print every balance, then close the bank. */
    record Audit() implements TellerMsg {
    }

    /** An account's answer to a deposit or a withdrawal. */
    record Done(String account, boolean ok) implements TellerMsg {
    }

    static final class Account extends Actor<AccountMsg> {
        private final String name;
        private long balance;

        Account(ActorSystem system, String name, long balance) {
            super(system);
            this.name = name;
            this.balance = balance;
        }

        @Override
        protected Allocation receive(AccountMsg msg) {
            if (msg instanceof Deposit deposit) {
                balance += deposit.amount();
                deposit.replyTo().send(new Done(name, true));
            } else if (msg instanceof Withdraw withdraw) {
                final boolean ok = withdraw.amount() <= balance;
                if (ok) {
                    balance -= withdraw.amount();
                }
                withdraw.replyTo().send(new Done(name, ok));
            } else if (msg instanceof Balance request) {
                request.replyTo().send(new Balance(name, balance, null));
            }
            return Allocation.NODELETE;
        }
    }

    /**
     * Runs transfers one at a time: a withdrawal, and when it succeeds the deposit. Queues what
     * arrives meanwhile; an audit asks every account for its balance once the queue is empty.
     */
    static final class Teller extends Actor<TellerMsg> {
        private final List<Account> accounts;
        private final PrintStream out;
        private final ArrayDeque<TellerMsg> waiting = new ArrayDeque<>();
        /** Balances by account name, in name order. */
        private final Map<String, Long> balances = new TreeMap<>();
        private Transfer current;
        private boolean depositing;
        private int balancesLeft;

        Teller(ActorSystem system, List<Account> accounts, PrintStream out) {
            super(system);
            this.accounts = accounts;
            this.out = out;
        }

        @Override
        protected Allocation receive(TellerMsg msg) {
            if (msg instanceof Transfer || msg instanceof Audit) {
                waiting.add(msg);
            } else if (msg instanceof Done done) {
                if (!depositing && done.ok()) {
                    depositing = true;
                    current.to().send(new Deposit(current.amount(), ref()));
                    return Allocation.NODELETE;
                }
                if (!done.ok()) {
                    out.println("refused: " + current.amount() + " from " + done.account());
                }
                current = null;
            } else if (msg instanceof Balance balance) {
                balances.put(balance.account(), balance.amount());
                if (--balancesLeft == 0) {
                    balances.forEach((account, amount) -> out.println(account + " " + amount));
                    accounts.forEach(account -> account.send(PoisonPill.FINISHED));
                    return Allocation.FINISHED;
                }
                return Allocation.NODELETE;
            }
            if (current == null && balancesLeft == 0 && !waiting.isEmpty()) {
                final TellerMsg next = waiting.poll();
                if (next instanceof Transfer transfer) {
                    current = transfer;
                    depositing = false;
                    transfer.from().send(new Withdraw(transfer.amount(), ref()));
                } else {
                    balancesLeft = accounts.size();
                    accounts.forEach(account -> account.send(new Balance(null, 0, ref())));
                }
            }
            return Allocation.NODELETE;
        }
    }

    public static void main(String[] args) {
        try (ActorSystem system = ActorSystem.start()) {
            final Account alice = new Account(system, "alice", 100);
            final Account bob = new Account(system, "bob", 50);
            final Teller teller = new Teller(system, List.of(alice, bob), System.out);
            teller.send(new Transfer(alice, bob, 30));
            teller.send(new Transfer(bob, alice, 500));
            teller.send(new Transfer(bob, alice, 80));
            teller.send(new Audit());
        }
    }
}
