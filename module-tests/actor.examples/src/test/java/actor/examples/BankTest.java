package actor.examples;

import static org.junit.jupiter.api.Assertions.assertEquals;

import actor.examples.Bank.Account;
import actor.examples.Bank.Balance;
import actor.examples.Bank.Deposit;
import actor.examples.Bank.Done;
import actor.examples.Bank.TellerMsg;
import actor.examples.Bank.Withdraw;
import actor.testkit.ActorTestKit;
import actor.testkit.TestProbe;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The example application tested as its authors would, with the testkit on the module path: a
 * probe stands in for the teller, so each account is checked on its own, without latches.
 */
class BankTest {

    @Test
    @Timeout(30)
    void anAccountAnswersEachRequestOfItsProtocol() {
        try (ActorTestKit kit = ActorTestKit.start()) {
            final TestProbe<TellerMsg> teller = kit.probe();
            final Account alice = new Account(kit.system(), "alice", 100);
            alice.send(new Withdraw(30, teller.ref()));
            assertEquals(new Done("alice", true), teller.expectMessage());
            alice.send(new Withdraw(500, teller.ref()));
            assertEquals(new Done("alice", false), teller.expectMessage());
            alice.send(new Deposit(5, teller.ref()));
            teller.expectMessage(new Done("alice", true), TestProbe.DEFAULT_TIMEOUT);
            alice.send(new Balance(null, 0, teller.ref()));
            assertEquals(75, teller.expectMessageClass(Balance.class, TestProbe.DEFAULT_TIMEOUT).amount());
            teller.expectNoMessage(Duration.ofMillis(50));
        }
    }
}
