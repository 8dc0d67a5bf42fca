extension LineEditor {
    /// What the editor shows by itself, above the prompt, while it waits for a key on an empty
    /// line: news from elsewhere (the list another process changed, what a sync in the background
    /// said). Never while a line is typed or the history searched, so nothing moves under the
    /// user's fingers; and asked only when `descriptor` or one of `otherDescriptors` becomes
    /// readable, or every `interval` without `descriptor`, so that an idle prompt sleeps between
    /// two questions.
    public struct IdleUpdate {
        /// How long the editor waits for a key before asking `hasNews`, in milliseconds, when
        /// `descriptor` gives none.
        public var interval: Int
        /// A descriptor that becomes readable when there may be news, asked before each wait: with
        /// one, the editor waits for a key or for it, however long that takes.
        public var descriptor: () -> Int32?
        /// Descriptors that become readable when there is news of another kind, waited on beside
        /// the keyboard and `descriptor`, or beside the keyboard within each `interval`; asked
        /// before each wait. Each must stop being readable once `show` has shown its news.
        public var otherDescriptors: () -> [Int32]
        /// Whether there is something to show.
        public var hasNews: () -> Bool
        /// Writes it, through to the terminal, from the start of an empty line; the editor draws
        /// the prompt again below.
        public var show: () -> Void

        /// Creates an idle update.
        public init(interval: Int, descriptor: @escaping () -> Int32?, otherDescriptors: @escaping () -> [Int32] = { [] },
                    hasNews: @escaping () -> Bool, show: @escaping () -> Void) {
            self.interval = interval
            self.descriptor = descriptor
            self.otherDescriptors = otherDescriptors
            self.hasNews = hasNews
            self.show = show
        }
    }
}
