import TerminalUI

/// The navigation every module shares, on the app's screen stack: dialogs, help and leaving.
/// Holds its screen weakly (the stack owns screens) and the context unowned (the app owns it).
class CommonRouter: CommonRouting {
    unowned let context: AppContext
    weak var screen: Screen?

    init(context: AppContext, screen: Screen) {
        self.context = context
        self.screen = screen
    }

    func push(_ next: Screen) {
        context.stack.push(next)
    }

    func askForText(title: String, initial: String, enterDoes action: String, submit: @escaping (String) -> String?) {
        context.stack.present(PromptDialog(title: title, action: action, text: initial, stack: context.stack, submit: submit))
    }

    func askForPath(title: String, initial: String, enterDoes action: String, submit: @escaping (String) -> String?) {
        context.stack.present(PromptDialog(title: title, action: action, text: initial, stack: context.stack,
                                           complete: PathCompletion.complete, submit: submit))
    }

    func editText(title: String, initial: String, submit: @escaping (String) -> String?) {
        context.stack.present(TextAreaDialog(title: title, text: initial, stack: context.stack, submit: submit))
    }

    func choose(title: String, message: String, choices: [ChoiceDialog.Choice],
                onChoice: @escaping (Character) -> Void) {
        // The dialog holds the stack weakly: nothing here may hold it (the stack owns the dialog, which owns this
        // closure; a cycle would keep every screen, and the store's lock, alive after the app ends with it open).
        context.stack.present(ChoiceDialog(title: title, message: message, choices: choices, stack: context.stack) { dialog, answer in
            dialog.close()
            if let answer { onChoice(answer) }
        })
    }

    func confirm(_ question: String, onConfirm: @escaping () -> Void) {
        context.stack.present(ConfirmDialog(title: "Confirm", message: question, stack: context.stack) { yes in
            if yes { onConfirm() }
        })
    }

    func showHelp() {
        guard let screen else { return }
        context.stack.present(HelpOverlay(for: screen, stack: context.stack))
    }

    func copyToClipboard(_ text: String) -> Bool {
        context.copyToClipboard(text)
    }

    func close() {
        guard let screen else { return }
        if context.stack.screens.first === screen {
            context.quit()
        } else {
            context.stack.dismiss(screen)
        }
    }
}
