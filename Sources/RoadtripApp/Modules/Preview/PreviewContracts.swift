import Foundation
import RoadtripCore
import TerminalUI

/// What one preview is about (the order of the stops, where to sleep, pacing, places along a day): how it searches,
/// how its answer reads, its keys and how Enter applies it. The module around it is the same for all: the search
/// off the loop, the preview, Enter applies as one change, the caller told how it ended.
protocol PreviewKind: AnyObject {
    /// What the search finds.
    associatedtype Found
    /// "Optimise: Route 66", "Where to sleep on day 3".
    func title(of trip: Trip) -> String
    /// While the search runs: "Optimising the order of 12 stops…".
    func searching(_ trip: Trip) -> String
    /// The search of `trip`, made on the loop (it takes what it reads with it) and run off it.
    func search(_ trip: Trip) -> (_ isCancelled: @escaping () -> Bool) -> Result<Found, PreviewFailure>
    /// What the answer shows, or the sentence that closes the modal at once (nothing to offer).
    func read(_ found: Found) -> PreviewReading
    /// Enter on `row`: the one change, through the editor's calls that check the stops are still `foundFor`
    /// (those the search was given). Nil when there is nothing at `row`.
    func apply(_ found: Found, row: Int, editor: TripEditor, foundFor: [Waypoint]) throws -> ChangeDescription?
    /// The preview's keys once the search is done (moving in it aside: the view's, by what it shows).
    static var keys: [PreviewKey] { get }
    /// A key that changes the search (a category, a corridor): whether to search again.
    func refine(_ refinement: PreviewRefinement) -> Bool
    /// Esc while searching: "Optimising cancelled: the order is unchanged."
    var stopped: String { get }
    /// Esc on the preview: "The order is unchanged."
    var kept: String { get }
    /// What the help says beside the keys (whose data it shows).
    static var helpNotes: [KeyHelp] { get }
}

extension PreviewKind {
    static var helpNotes: [KeyHelp] { [] }
}

/// What an answer leads to.
enum PreviewReading: Equatable {
    case show(PreviewViewModel.Body)
    /// Nothing to offer: the modal closes with this for the caller's message line.
    case close(StatusMessage)
}

/// Why there is nothing to preview at all, or why Enter did not apply it.
struct PreviewFailure: Error, Equatable {
    let message: String
}

/// A key of a preview, as its table row says it.
struct PreviewKey {
    let keys: [Key]
    let help: String
    let hint: String?
    let action: PreviewAction

    init(_ keys: [Key], _ help: String, hint: String? = nil, _ action: PreviewAction) {
        self.keys = keys
        self.help = help
        self.hint = hint
        self.action = action
    }
}

enum PreviewAction: Equatable {
    /// Enter: the selected row (or the whole preview).
    case apply
    case cancel
    case refine(PreviewRefinement)
}

/// What a key may change in a search (the places along a day's).
enum PreviewRefinement: Equatable {
    case category(step: Int)
    case corridor(step: Int)
}

/// Presenter → interactor: the search off the loop and the change it leads to.
protocol PreviewInteractorInput: AnyObject {
    /// The trip as it is now; nil when it is gone.
    func loadTrip() -> Trip?
    /// Runs `search` off the loop once the late data it reads is in; `found` runs on the loop. Never called after
    /// `cancel` or a newer search. The stops of `trip` are those a change is later checked against.
    func search<Found>(_ trip: Trip, _ search: @escaping (_ isCancelled: @escaping () -> Bool) -> Result<Found, PreviewFailure>,
                       found: @escaping (Result<Found, PreviewFailure>) -> Void)
    func cancel()
    /// Makes `change` with the editor and the stops the last search was given: one change, one undo step.
    func apply(_ change: (_ editor: TripEditor, _ foundFor: [Waypoint]) throws -> ChangeDescription?) throws -> ChangeDescription?
}

protocol PreviewViewInput: AnyObject {
    func show(_ model: PreviewViewModel)
}

protocol PreviewViewOutput: AnyObject {
    /// On screen: the search starts (once).
    func viewWillAppear()
    /// Enter: apply the preview (`row`: the selected one, where it is a list).
    func didRequestApply(row: Int)
    /// Esc: stop the search, or close without a change.
    func didRequestCancel()
    func didRequestRefine(_ refinement: PreviewRefinement)
}

protocol PreviewRouterInput: AnyObject {
    func close()
}

/// What the screen that opened a preview hears when it closes: what was done or why not, for its message line.
public protocol PreviewModuleOutput: AnyObject {
    func previewModule(didFinish message: StatusMessage)
}

/// What the modal shows. Strings are final.
struct PreviewViewModel: Equatable {
    enum Body: Equatable {
        /// The search under way: "Looking for towns along day 3…".
        case searching(String)
        /// The new order of the stops, with the totals before and after.
        case order(OrderPreviewModel)
        /// Rows to pick one from, under a heading: "Aviemore · +4 min · 3 h 55 then 4 h 10".
        case choices(heading: String, rows: [String])
        /// Lines to read as a whole (`PacePreview.lines`).
        case lines([String])
    }

    let title: String
    let body: Body
}
