import Foundation
import RoadtripCore

/// View logic of a preview: the search under way (Esc stops it), then what `Kind` reads from its answer; Enter
/// applies it as one change, Esc closes without one, a refining key searches again. Nothing to offer closes at
/// once with the reason for the screen that opened it.
final class PreviewPresenter<Kind: PreviewKind>: PreviewViewOutput {
    weak var view: PreviewViewInput?
    weak var output: PreviewModuleOutput?
    private let kind: Kind
    private let interactor: PreviewInteractorInput
    private let router: PreviewRouterInput
    private var trip: Trip?
    /// What Enter applies: the last search's answer, nil while one runs.
    private var found: Kind.Found?

    init(kind: Kind, interactor: PreviewInteractorInput, router: PreviewRouterInput) {
        self.kind = kind
        self.interactor = interactor
        self.router = router
    }

    func viewWillAppear() {
        guard trip == nil else { return }
        guard let loaded = interactor.loadTrip() else { return finish(.error(TripEditError.tripNotFound.description)) }
        trip = loaded
        search()
    }

    func didRequestApply(row: Int) {
        guard let found else { return }
        do {
            guard let change = try interactor.apply({ try kind.apply(found, row: row, editor: $0, foundFor: $1) }) else { return }
            finish(.info(change.done))
        } catch let failure as PreviewFailure {
            finish(.error(failure.message))
        } catch {
            finish(.failure(error))
        }
    }

    func didRequestCancel() {
        if found == nil {
            interactor.cancel()
            finish(.info(kind.stopped))
        } else {
            finish(.info(kind.kept))
        }
    }

    func didRequestRefine(_ refinement: PreviewRefinement) {
        if kind.refine(refinement) { search() }
    }

    private func search() {
        guard let trip else { return }
        found = nil
        show(.searching(kind.searching(trip)))
        interactor.search(trip, kind.search(trip)) { [weak self] in self?.didFind($0) }
    }

    private func didFind(_ answer: Result<Kind.Found, PreviewFailure>) {
        switch answer {
        case let .failure(failure):
            finish(.error(failure.message))
        case let .success(value):
            switch kind.read(value) {
            case let .close(message):
                finish(message)
            case let .show(body):
                found = value
                show(body)
            }
        }
    }

    private func show(_ body: PreviewViewModel.Body) {
        guard let trip else { return }
        view?.show(PreviewViewModel(title: kind.title(of: trip), body: body))
    }

    private func finish(_ message: StatusMessage) {
        output?.previewModule(didFinish: message)
        router.close()
    }
}
