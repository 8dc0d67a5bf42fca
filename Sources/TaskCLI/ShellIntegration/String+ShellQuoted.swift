extension String {
    /// This text in single quotes for bash or zsh, as one word whatever it holds: `'it'\''s'`.
    var shellQuoted: String {
        "'" + replacing("'", with: #"'\''"#) + "'"
    }

    /// This text in single quotes for fish, where `\` and `'` are escaped with a backslash: `'it\'s'`.
    var fishQuoted: String {
        "'" + replacing(#"\"#, with: #"\\"#).replacing("'", with: #"\'"#) + "'"
    }
}
