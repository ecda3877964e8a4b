import RoadtripCore

/// View logic of the stop form: field texts, focus, inline errors, and asking before losing changes.
final class WaypointPresenter: WaypointViewOutput {
    weak var view: WaypointViewInput?
    /// The trip screen that opened the form; weak so the form never keeps it alive.
    weak var output: WaypointModuleOutput?
    private let interactor: WaypointInteractorInput
    private let router: WaypointRouterInput
    private let original: Waypoint?

    private let initialDraft: WaypointDraft
    private var draft: WaypointDraft
    private var errors = WaypointErrors()
    private var focused = WaypointField.name
    private var message: StatusMessage?

    init(editing original: Waypoint?, interactor: WaypointInteractorInput, router: WaypointRouterInput) {
        self.original = original
        self.interactor = interactor
        self.router = router
        initialDraft = WaypointDraft(original)
        draft = initialDraft
    }

    func viewWillAppear() {
        render()
    }

    func didEdit(_ field: WaypointField, text: String) {
        draft[field] = text
        errors[field] = nil
        message = nil
        render()
    }

    func didMoveFocus(by offset: Int) {
        splitPastedPair()
        let all = WaypointField.allCases
        focused = all[(focused.rawValue + offset + all.count) % all.count]
        render()
    }

    func didRequestSave() {
        splitPastedPair()
        switch interactor.makeWaypoint(from: draft, original: original) {
        case let .failure(formErrors):
            errors = formErrors.byField
            focused = WaypointField.allCases.first { errors[$0] != nil } ?? focused
            message = .error("Not saved: fix the field\(errors.count == 1 ? "" : "s") in red")
            render()
        case let .success(waypoint):
            guard let output else { return router.close() }
            if let failure = output.waypointModule(didSave: waypoint) {
                message = .error(failure)
                render()
            } else {
                router.close()
            }
        }
    }

    func didRequestCancel() {
        guard draft != initialDraft else { return router.close() }
        router.confirm("Discard the changes to this stop?") { [weak self] in self?.router.close() }
    }

    func didRequestHelp() {
        router.showHelp()
    }

    /// "41.88, -87.63" typed or pasted into one coordinate field fills both.
    private func splitPastedPair() {
        guard focused == .latitude || focused == .longitude,
              let pair = interactor.splitCoordinatePair(draft[focused]) else { return }
        draft[.latitude] = pair.latitude
        draft[.longitude] = pair.longitude
        errors[.latitude] = nil
        errors[.longitude] = nil
    }

    private func render() {
        let hints: [WaypointField: String] = [
            .latitude: "41.8781 · 41°52'N · or paste \"lat, lon\"",
            .longitude: "-87.6298 · 87°37'W",
            .nights: "0 to pass through",
        ]
        view?.show(WaypointViewModel(
            title: original == nil ? "New stop" : "Edit stop",
            fields: WaypointField.allCases.map {
                .init(field: $0, label: $0.label, text: draft[$0], hint: hints[$0] ?? "", error: errors[$0])
            },
            focused: focused, message: message))
    }
}
