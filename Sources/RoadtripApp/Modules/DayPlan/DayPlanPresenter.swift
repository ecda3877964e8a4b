import Foundation
import RoadtripCore

/// View logic of the day-by-day plan: each day's driving and where it goes, the days over the daily limit, the
/// selected day; it follows new legs, settings, reloads and undo like the trip screen.
final class DayPlanPresenter: DayPlanViewOutput, PreviewModuleOutput, RefusesEditsWhenReadOnly {
    weak var view: DayPlanViewInput?
    /// The trip screen that opened the days, told of the day they were left on.
    weak var output: DayPlanModuleOutput?
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?
    private let interactor: DayPlanInteractorInput
    private let router: DayPlanRouterInput
    private let settings: LiveSettings
    /// The cost column's state, kept for the run.
    private let memory: DayPlanMemory

    private var trip: Trip?
    private(set) var itinerary: Itinerary?
    /// The late data the fuel gaps on show were found on (`Itinerary.basis`): they are the shown itinerary's when
    /// it equals its basis.
    private(set) var fuelGapsBasis: Revisions?
    private var header: TripHeader?
    private var days: [DayPlanViewModel.DayRow] = []
    private var selectedDay: Int
    private var message: StatusMessage?
    /// The sunsets and the dark, worked out for the days drawn.
    private let daylight = TripDaylight()

    init(interactor: DayPlanInteractorInput, router: DayPlanRouterInput, settings: LiveSettings, day: Int,
         memory: DayPlanMemory = DayPlanMemory()) {
        self.memory = memory
        self.interactor = interactor
        self.router = router
        self.settings = settings
        selectedDay = max(0, day)
    }

    /// The late data the days read: the legs and their water marks, the settings (limits, clock), the regions'
    /// points of interest (fuel gaps) and the towns.
    static let reads: Set<LateInput> = [.routes, .shorelines, .settings, .regions, .places]

    func dataDidChange(_ change: DataChange) {
        ScreenChange(change, reads: Self.reads, trip: interactor.tripID).apply(say: { message = $0 }, reload: reload, render: render)
    }

    func viewWillAppear() {
        reload()
    }

    func didMoveSelection(to row: Int) {
        message = nil
        selectedDay = max(0, min(row, days.count - 1))
        render()
    }

    func didRequestBack() {
        // The first stop reached that day; on a day without driving, where the day is spent.
        if let trip, let day = itinerary?.days[safe: selectedDay] {
            let first = day.isDriving ? day.startStop + 1 : day.endStop
            if trip.waypoints.indices.contains(first) { output?.dayPlan(didChoose: trip.waypoints[first].id) }
        }
        router.close()
    }

    func didRequestTowns() {
        guard let trip, days.indices.contains(selectedDay) else { return }
        message = nil
        router.showTowns(of: trip.id, day: selectedDay, output: self)
    }

    func didRequestPace() {
        guard let trip else { return }
        message = nil
        router.showPace(of: trip.id, output: self)
    }

    func didRequestAlong() {
        guard let trip, days.indices.contains(selectedDay) else { return }
        message = nil
        router.showAlong(of: trip.id, day: selectedDay, output: self)
    }

    func didRequestCharge() {
        guard let trip else { return }
        // Not an electric car, or its battery not known: said here, no preview opened.
        if case let .failure(missing) = ChargeKind.battery(settings.current.applying(trip)) { return show(.error(missing.message)) }
        message = nil
        router.showCharge(of: trip.id, output: self)
    }

    func didRequestUndo() {
        stepHistory(saying: "Nothing to undo") { try interactor.undo() }
    }

    func didRequestRedo() {
        stepHistory(saying: "Nothing to redo") { try interactor.redo() }
    }

    func didRequestCost() {
        memory.showsCost.toggle()
        message = memory.showsCost && days.allSatisfy(\.cost.isEmpty)
            ? .info("No cost is known: set consumption_per_100km and fuel_price, or lodging_per_night "
                + "(roadtrip config)")
            : nil
        render()
    }

    var access: StoreAccess { interactor.access }

    func show(_ message: StatusMessage) {
        self.message = message
        render()
    }

    func previewModule(didFinish message: StatusMessage) {
        self.message = message
        reload()
    }

    private func reload() {
        guard let trip = interactor.loadTrip() else {
            // Deleted elsewhere or gone after a reload: the trip screen under this one goes too.
            router.close()
            return
        }
        let unit = settings.current.units
        let itinerary = interactor.itinerary(for: trip)
        let withYear = TripText.datesNeedYear(trip, itinerary)
        let tripSettings = settings.current.applying(trip)
        let cost = TripCost(itinerary: itinerary, trip: trip, settings: tripSettings)
        let battery = ScreenBattery.of(trip, itinerary, settings: settings.current, chargers: interactor.chargers)
        days = itinerary.days.enumerated().map { index, day in
            let dayCost = cost.day(index)
            let text = TripText.dayPlan(day, itinerary, trip.waypoints, unit)
            let charging = battery?.day(day) ?? ""
            var row = DayPlanViewModel.DayRow(
                label: TripText.day(index: day.number - 1, date: day.date, start: trip.startDate, year: withYear),
                driving: text.driving, hours: Self.hours(day, itinerary),
                plan: charging.isEmpty ? text.plan : text.plan + " · " + charging, overLimit: day.exceedsLimit)
            row.cost = CostText.day(dayCost, cost.currency)
            return row
        }
        daylight.follow(trip, itinerary)
        header = TripHeader.of(trip, itinerary, unit, access: interactor.access, routing: interactor.isRouting,
                               settings: tripSettings, cost: cost)
        (self.trip, self.itinerary) = (trip, itinerary)
        selectedDay = max(0, min(selectedDay, days.count - 1))
        render()
        interactor.fuelCheck(trip, itinerary) { [weak self] in self?.mark($0, of: itinerary) }
    }

    /// The range check in the days' plans: "… · 256 km without fuel from km 0 (Vestvik Bensin, near Vestvik)", or
    /// "… · fuel not checked: no region is installed".
    private func mark(_ check: FuelCheck, of itinerary: Itinerary) {
        fuelGapsBasis = itinerary.basis
        let unit = settings.current.units
        days = days.enumerated().map { index, row in
            let gaps = check.gaps.filter { $0.day == index + 1 }.map { $0.text(unit) }
            let texts = gaps + [check.dayText(index + 1)].compactMap { $0 }
            guard !texts.isEmpty else { return row }
            var marked = DayPlanViewModel.DayRow(label: row.label, driving: row.driving, hours: row.hours,
                                                 plan: ([row.plan] + texts).joined(separator: " · "), overLimit: row.overLimit)
            marked.fuelGap = !gaps.isEmpty
            marked.cost = row.cost
            return marked
        }
        render()
    }

    private func render() {
        guard let header else { return }
        view?.show(DayPlanViewModel(header: header, days: days, selectedDay: selectedDay, showsCost: memory.showsCost,
                                    message: message, daylight: daylight))
    }

    /// "09:00–16:45", "09:00–15:45 −1 h": when a driving day leaves its first stop and reaches its night's, each on
    /// that stop's clock, and the clock change between them; a time past midnight says its day ("+1 d").
    static func hours(_ day: Itinerary.Day, _ itinerary: Itinerary) -> String {
        guard day.isDriving, let leaves = itinerary.arrivals[day.startStop].departureLocal,
              let arrives = itinerary.arrivals[day.endStop].local else { return "" }
        var text = "\(leaves.clock)–\(arrives.clock)"
        let days = itinerary.localDayIndex(arrives) - itinerary.localDayIndex(leaves)
        if days != 0 { text += " \(days > 0 ? "+" : "−")\(abs(days)) d" }
        if let shift = ClockText.shift(itinerary.arrivals[day.endStop].zoneShift) { text += " \(shift)" }
        return text
    }
}
