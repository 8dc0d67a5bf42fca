extension LineEditor {
    /// What the editor shows by itself, above the prompt, while it waits for a key on an empty
    /// line: news from elsewhere (the list another process changed). Never while a line is typed
    /// or the history searched, so nothing moves under the user's fingers; and asked only when
    /// `descriptor` becomes readable, or every `interval` without one, so that an idle prompt
    /// sleeps between two questions.
    public struct IdleUpdate {
        /// How long the editor waits for a key before asking `hasNews`, in milliseconds, when
        /// `descriptor` gives none.
        public var interval: Int
        /// A descriptor that becomes readable when there may be news, asked before each wait: with
        /// one, the editor waits for a key or for it, however long that takes.
        public var descriptor: () -> Int32?
        /// Whether there is something to show.
        public var hasNews: () -> Bool
        /// Writes it, through to the terminal, from the start of an empty line; the editor draws
        /// the prompt again below.
        public var show: () -> Void

        /// Creates an idle update.
        public init(interval: Int, descriptor: @escaping () -> Int32?, hasNews: @escaping () -> Bool,
                    show: @escaping () -> Void) {
            self.interval = interval
            self.descriptor = descriptor
            self.hasNews = hasNews
            self.show = show
        }
    }
}
