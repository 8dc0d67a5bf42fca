/// Thrown inside a script's transaction to roll it back after a failing line (already reported).
struct ScriptStopped: Error {}
