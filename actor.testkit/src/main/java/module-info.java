/**
 * Testing actors: {@link actor.testkit.TestProbe}, an actor that records what it receives and lets a
 * test wait for it, and {@link actor.testkit.ActorTestKit}, a system for one test that fails the
 * test on any problem the system reported. Independent of the test framework: failed expectations
 * throw {@link AssertionError}. Add it with test scope; {@code actor.executor} must be on the path
 * too, as for any application.
 */
module actor.testkit {
    requires transitive actor.api;

    exports actor.testkit;
}
