/**
 * An application that brings its own work-stealing victim selector: it requires the API and the
 * stealing module, and provides the selector as a service, found by its name.
 */
module actor.customselector {
    requires actor.api;
    requires transitive actor.steal;

    exports actor.customselector;

    provides actor.steal.VictimSelector with actor.customselector.RoundRobinVictimSelector;
}
