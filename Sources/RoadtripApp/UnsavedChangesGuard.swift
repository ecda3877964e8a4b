import Foundation
import RoadtripCore
import TerminalUI

/// Quitting while memory holds a change the data file does not (its save failed, and fails again now)
/// asks first, and offers to write every trip to another file, so a full disk never costs an edit.
/// On a signal there is nobody to ask: `rescueAfterSignal` writes the copy to the first place that takes it.
final class UnsavedChangesGuard {
    private let repository: TripRepository
    private unowned let app: Application
    /// Where the copy goes by default (`RescueCopy.candidates`, made when asked so the name carries the time).
    private let candidates: () -> [URL]
    /// Where every trip was written instead of the data file, once that happened.
    private(set) var rescueCopy: URL?

    init(repository: TripRepository, app: Application, candidates: @escaping () -> [URL] = { RescueCopy.candidates() }) {
        self.repository = repository
        self.app = app
        self.candidates = candidates
    }

    /// `Application.mayQuit`: true when nothing would be lost; otherwise asks and returns false.
    func mayQuit() -> Bool {
        guard repository.hasUnsavedChanges else { return true }
        do {
            try repository.save()
            return true
        } catch {
            if !(app.stack.top is ChoiceDialog) { ask(error) }
            return false
        }
    }

    /// After a signal ended the run: one more save, else the copy. Returns why the copy failed, if it did.
    func rescueAfterSignal() -> String? {
        guard repository.hasUnsavedChanges, (try? repository.save()) == nil else { return nil }
        do {
            rescueCopy = try RescueCopy.writeSomewhere(repository.trips, candidates: candidates())
            return nil
        } catch {
            return String(describing: error)
        }
    }

    private func ask(_ error: Error) {
        let places = candidates()
        let dialog = ChoiceDialog(
            title: "Unsaved changes",
            message: "Your last changes could not be saved. \(error)",
            choices: [
                .init("w", "Write every trip to \(places.first?.path ?? "a new file")"),
                .init("o", "Write them to another file…"),
                .init("r", "Try saving again"),
                .init("d", "Quit and lose the changes"),
            ], stack: app.stack) { [unowned self] dialog, answer in self.answer(answer, in: dialog, places: places) }
        app.stack.present(dialog)
    }

    private func answer(_ answer: Character?, in dialog: ChoiceDialog, places: [URL]) {
        switch answer {
        case "w":
            rescue(to: places, from: dialog)
        case "o":
            askForPath(from: dialog)
        case "r":
            do {
                try repository.save()
                quit(from: dialog)
            } catch {
                dialog.status = "Still not saved: \(error)"
            }
        case "d":
            quit(from: dialog)
        default:
            dialog.close()
        }
    }

    private func rescue(to places: [URL], from dialog: ChoiceDialog) {
        do {
            rescueCopy = try RescueCopy.writeSomewhere(repository.trips, candidates: places)
            quit(from: dialog)
        } catch {
            dialog.status = String(describing: error)
        }
    }

    private func askForPath(from dialog: ChoiceDialog) {
        let prompt = PromptDialog(title: "Write every trip to", action: "write the copy",
                                  text: candidates().first?.path ?? "", stack: app.stack,
                                  complete: PathCompletion.complete) { [unowned self] text in
            if let problem = self.write(toPath: text) { return problem }
            self.quit(from: dialog)  // closes the prompt above it too
            return nil
        }
        app.stack.present(prompt)
    }

    /// The error to show under the path, or nil once the copy is written.
    private func write(toPath text: String) -> String? {
        let path = TypedPath.resolve(text)  // as the other path prompts read it, and as Tab completes it
        guard !path.isEmpty else { return "Type a path" }
        do {
            let url = URL(fileURLWithPath: path)
            try RescueCopy.write(repository.trips, to: url)
            rescueCopy = url
            return nil
        } catch let StoreError.io(_, _, message) {
            return "Cannot write there: \(message)"  // the path is right above
        } catch {
            return String(describing: error)
        }
    }

    private func quit(from dialog: ChoiceDialog) {
        dialog.close()
        app.quitNow()
    }
}
