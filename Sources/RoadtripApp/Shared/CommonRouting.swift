import Foundation
import TerminalUI

/// Navigation every module's router offers: modal dialogs, help, and leaving the screen.
/// Dialog callbacks run on the main loop after the dialog closes (or, for `submit`, while it is open).
public protocol CommonRouting: AnyObject {
    /// A one-line text prompt whose Enter does `action` ("import": "[Enter] import  [Esc] cancel"). `submit` does it
    /// and returns an error message to keep the prompt open, or nil to close it.
    func askForText(title: String, initial: String, enterDoes action: String, submit: @escaping (String) -> String?)
    /// A prompt for a file's path: `askForText`'s, with Tab completing folders and files (`PathCompletion`).
    func askForPath(title: String, initial: String, enterDoes action: String, submit: @escaping (String) -> String?)
    /// A multi-line editor (notes). `submit` saves the text on Ctrl-S, with the same answer as `askForText`'s.
    func editText(title: String, initial: String, submit: @escaping (String) -> String?)
    /// A question answered by a key ("[g] GPX"); `onChoice` gets the key, never called on Esc.
    func choose(title: String, message: String, choices: [ChoiceDialog.Choice], onChoice: @escaping (Character) -> Void)
    /// A yes/no question; `onConfirm` runs only on yes.
    func confirm(_ question: String, onConfirm: @escaping () -> Void)
    func showHelp()
    /// Asks the terminal to put `text` on the clipboard; false when it takes no such request.
    func copyToClipboard(_ text: String) -> Bool
    /// Leaves this screen (quits when it is the root).
    func close()
}

extension CommonRouting {
    /// A prompt whose Enter saves.
    func askForText(title: String, initial: String, submit: @escaping (String) -> String?) {
        askForText(title: title, initial: initial, enterDoes: "save", submit: submit)
    }
}
