/// The key functions this program adds to libedit's, their names (as an editrc can bind them) and
/// the keys they are bound to.
enum KeyFunction: String, CaseIterable {
    case complete = "tasks-complete"
    case interrupt = "tasks-interrupt"
    case suspend = "tasks-suspend"

    /// What the function does, as libedit's `bind -l` lists it.
    var help: String {
        switch self {
        case .complete: "Complete the command or the task's text"
        case .interrupt: "Discard the line being typed"
        case .suspend: "Suspend (the shell's fg resumes)"
        }
    }

    /// A key sequence (in `bind` notation: `^X`, `\e`) and the function it runs.
    struct Binding {
        var key: String
        var function: String
    }

    /// The bindings.
    static let bindings = [
        Binding(key: "^I", function: complete.rawValue),
        Binding(key: "^C", function: interrupt.rawValue),
        Binding(key: "^Z", function: suspend.rawValue),
    ]
}
