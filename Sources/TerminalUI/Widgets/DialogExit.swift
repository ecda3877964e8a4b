/// How every dialog leaves the stack: it removes itself (and anything above it), then its answer, if it has one,
/// runs once with the dialog already gone. The stack is held weakly: it owns the dialog, and a strong reference
/// back would be a cycle keeping every screen (and the store's lock) alive when the app ends with a dialog open.
struct DialogExit<Answer> {
    private weak var stack: ScreenStack?
    private var answer: ((Answer) -> Void)?

    init(stack: ScreenStack?, answer: ((Answer) -> Void)? = nil) {
        self.stack = stack
        self.answer = answer
    }

    /// Closes `dialog`, then gives `value` to the answer; a second close answers nothing.
    mutating func close(_ dialog: Screen, with value: Answer) {
        stack?.dismiss(dialog)
        let answer = self.answer
        self.answer = nil  // also lets go of what the answer holds
        answer?(value)
    }
}

extension DialogExit where Answer == Void {
    mutating func close(_ dialog: Screen) {
        close(dialog, with: ())
    }
}
