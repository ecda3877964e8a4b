import RoadtripCore

/// View logic of the stop form: field texts, focus, inline errors, and asking before losing changes.
final class WaypointPresenter: WaypointViewOutput {
    weak var view: WaypointViewInput?
    /// The trip screen that opened the form; weak so the form never keeps it alive.
    weak var output: WaypointModuleOutput?
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?
    private let interactor: WaypointInteractorInput
    private let router: WaypointRouterInput
    private let original: Waypoint?
    /// What the saved stop is built on: the stop being edited, or the place picked from the suggestions.
    private var template: Waypoint?
    private var suggestions: [PlaceMatch] = []
    private var selectedSuggestion: Int?
    private var searchStatus: String?
    /// Whether the search's notices (a region left out) were shown: once per form.
    private var toldPlaceNotices = false

    private let initialDraft: WaypointDraft
    private var draft: WaypointDraft
    private var errors = WaypointErrors()
    private var focused = WaypointField.name
    private var message: StatusMessage?

    /// The distance unit, read at each draw so a change in Settings shows at once.
    private let unit: () -> DistanceUnit

    init(editing original: Waypoint?, interactor: WaypointInteractorInput, router: WaypointRouterInput,
         unit: @escaping () -> DistanceUnit = { .km }) {
        self.original = original
        self.unit = unit
        template = original
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
        if field == .name { search(text) }
        render()
    }

    func didMoveFocus(by offset: Int) {
        clearSuggestions()
        splitPastedPair()
        let all = WaypointField.allCases
        focused = all[(focused.rawValue + offset + all.count) % all.count]
        if focused == .name { search(draft[.name]) }  // back on Name: its suggestions again
        render()
    }

    func didMoveSuggestion(by offset: Int) {
        guard !suggestions.isEmpty else { return didMoveFocus(by: offset) }
        let next = (selectedSuggestion ?? -1) + offset
        selectedSuggestion = next < 0 ? nil : min(next, suggestions.count - 1)
        render()
    }

    func didPickSuggestion() {
        guard let index = selectedSuggestion, suggestions.indices.contains(index) else { return }
        let match = suggestions[index]
        var picked = original?.placed(at: match.place) ?? match.place.waypoint()
        picked.nights = Int(draft[.nights]) ?? 0
        picked.notes = draft[.notes]
        template = picked
        draft[.name] = match.kind == .coordinate ? draft[.name] : picked.name
        draft[.latitude] = WaypointDraft.degrees(picked.latitude)
        draft[.longitude] = WaypointDraft.degrees(picked.longitude)
        for field in [WaypointField.name, .latitude, .longitude] { errors[field] = nil }
        clearSuggestions()
        focused = .nights
        message = .info("\(match.place.label) · \(draft[.latitude]), \(draft[.longitude])")
        render()
    }

    func didRequestSave() {
        clearSuggestions()
        splitPastedPair()
        switch interactor.makeWaypoint(from: draft, original: template) {
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
        // Esc first closes an open list of suggestions; a one-line status is no reason to press it twice.
        if !suggestions.isEmpty {
            clearSuggestions()
            return render()
        }
        guard draft != initialDraft else { return router.close() }
        router.confirm("Discard the changes to this stop?") { [weak self] in self?.router.close() }
    }

    func didRequestHelp() {
        router.showHelp()
    }

    /// The late data the form reads: the places a name is searched in.
    static let reads: Set<LateInput> = [.places, .regions]

    func dataDidChange(_ change: DataChange) {
        if case .reload = ScreenChange(change, reads: Self.reads) { placesDidLoad() }
    }

    /// The gazetteer or the regions arrived (or a region was added while the app runs): a search still on show
    /// (waiting, matching nothing, or its suggestions) is made again.
    private func placesDidLoad() {
        guard [Self.loadingStatus, Self.noMatchStatus].contains(searchStatus) || !suggestions.isEmpty else { return }
        search(draft[.name])
        render()
    }

    private func search(_ text: String) {
        selectedSuggestion = nil
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return clearSuggestions() }
        switch interactor.searchPlaces(text, limit: 8) {
        case .loading:
            suggestions = []
            searchStatus = Self.loadingStatus
        case let .unavailable(reason):
            suggestions = []
            searchStatus = reason
        case let .results(matches):
            suggestions = matches
            searchStatus = matches.isEmpty ? Self.noMatchStatus : nil
            // Enter takes the highlighted place: the one the stop already is, else the first.
            selectedSuggestion = matches.isEmpty ? nil
                : matches.firstIndex { $0.place.id != 0 && $0.place.id == template?.placeId } ?? 0
            let notices = interactor.placeNotices
            if !toldPlaceNotices && !notices.isEmpty {
                toldPlaceNotices = true
                message = .error(notices.joined(separator: " · "))
            }
        }
    }

    private static let loadingStatus = "loading places…"
    private static let noMatchStatus = "no known place matches; type the coordinates below"

    private func clearSuggestions() {
        suggestions = []
        selectedSuggestion = nil
        searchStatus = nil
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
            .stay: "the visit when passing through: 45, 90m, 1h30 (blank: none)",
            .notes: "Enter starts a new line · Ctrl-S saves the stop",
        ]
        view?.show(WaypointViewModel(
            title: original == nil ? "New stop" : "Edit stop",
            fields: WaypointField.allCases.map {
                .init(field: $0, label: $0.label, text: draft[$0], hint: hints[$0] ?? "", error: errors[$0])
            },
            focused: focused,
            suggestions: suggestions.enumerated().map { Self.suggestion($1, unit: unit(), closest: $0 == 0 && !$1.isNamedAsTyped) },
            selectedSuggestion: selectedSuggestion,
            searchStatus: searchStatus, message: message))
    }

    /// "Tokyo 東京" beside "Tokyo, Japan · 8,812 km W · 9,733,276 people": the native name when it differs, the
    /// county where two places of a region share a name, how far and which way from the previous stop; led by
    /// "closest match" on a `closest` one, so that a narrow screen keeps the mark.
    private static func suggestion(_ match: PlaceMatch, unit: DistanceUnit, closest: Bool) -> WaypointViewModel.Suggestion {
        let place = match.place
        var detail = PlaceText.whereabouts(place)
        if let regional = match.regional { detail = detail.isEmpty ? regional.summary : "\(regional.summary) · \(detail)" }
        if match.kind != .nearest, let away = PlaceText.fromPrevious(match, unit: unit) { detail += " · \(away)" }
        if place.population > 0 { detail += " · \(DistanceUnit.grouped(place.population)) people" }
        if let km = match.distanceKm, match.kind == .nearest { detail += " · \(unit.format(km: km)) away" }
        let name = match.kind == .coordinate ? "\(WaypointDraft.degrees(place.latitude)), \(WaypointDraft.degrees(place.longitude))"
            : place.displayName
        let mark = WaypointViewModel.Suggestion.closestMatchMark
        if closest { detail = detail.isEmpty ? mark : "\(mark) · \(detail)" }
        return .init(name: name, detail: match.kind == .coordinate ? "this point" : detail, isClosestMatch: closest)
    }
}
