import RoadtripCore
import TerminalUI

/// Wires a preview of one trip over the screen that asks for it, and returns its modal view, ready to present.
enum PreviewBuilder {
    /// `output` (the screen under it) hears how it ended.
    static func build<Kind: PreviewKind>(_ kind: Kind, tripID: Trip.ID, output: PreviewModuleOutput?,
                                         context: AppContext) -> Screen {
        let view = PreviewView(keys: type(of: kind).keys, helpNotes: type(of: kind).helpNotes)
        let router = PreviewRouter(context: context, screen: view)
        let interactor = PreviewInteractor(tripID: tripID, repository: context.repository, late: context.late,
                                           post: context.post)
        let presenter = PreviewPresenter(kind: kind, interactor: interactor, router: router)
        presenter.output = output
        view.presenter = presenter
        presenter.view = view
        return view
    }
}
