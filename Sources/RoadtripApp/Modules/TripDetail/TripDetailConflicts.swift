import Foundation
import RoadtripCore
import TerminalUI

/// The clashes a merge left on the trip (`c`, issue 36): each with the value kept and the other machine's; a digit
/// takes that one's other value back, `k` keeps every value. Each is one undo step.
final class TripDetailConflicts {
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    /// Makes a change and says how it went (the presenter's `perform`).
    private let perform: (() throws -> ChangeDescription) -> Void
    private let say: (StatusMessage?) -> Void

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput,
         perform: @escaping (() throws -> ChangeDescription) -> Void, say: @escaping (StatusMessage?) -> Void) {
        self.interactor = interactor
        self.router = router
        self.perform = perform
        self.say = say
    }

    /// The first nine clashes on their digits (newest first, as the trip lists them).
    func show(_ trip: Trip) {
        guard !trip.conflicts.isEmpty else { return say(.info("No clashes: nothing was changed on two machines at once")) }
        let shown = Array(trip.conflicts.prefix(9).enumerated())
        var lines = shown.map { "\($0.offset + 1). \(ConflictText($0.element, in: trip).line)" }
        if trip.conflicts.count > shown.count { lines.append("… and \(trip.conflicts.count - shown.count) more") }
        let choices = shown.map { ChoiceDialog.Choice(Character(String($0.offset + 1)), "take back \($0.offset + 1)'s other value") }
            + [ChoiceDialog.Choice("k", "keep every value as it is")]
        router.choose(title: "Changed on both machines", message: lines.joined(separator: "\n"),
                      choices: choices) { [weak self] (key: Character) in
            guard let self else { return }
            if key == "k" { return self.perform { try self.interactor.keepValues() } }
            guard let number = key.wholeNumberValue, number >= 1 else { return }
            self.perform { try self.interactor.takeBack(conflict: number - 1) }
        }
    }
}
