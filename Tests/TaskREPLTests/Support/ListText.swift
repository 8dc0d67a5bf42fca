/// The task texts of a list as `tasks` prints it without colour (`  1 ★ Call mom`), in list order.
enum ListText {
    /// What an empty list says in one-shot and script mode.
    static let emptyList = "No tasks. Add one with: tasks add TEXT\n"

    /// The texts of the rows in `output`; empty for the empty list.
    static func texts(of output: String) -> [String] {
        guard output != emptyList else { return [] }
        return output.split(separator: "\n").map { row in
            let number = row.drop { $0 == " " }
            return String(number.drop { $0.isASCII && $0.isNumber }.dropFirst(3))
        }
    }
}
