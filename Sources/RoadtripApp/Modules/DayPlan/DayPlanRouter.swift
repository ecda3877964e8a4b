import RoadtripCore

/// Navigation from the days view: back, the previews over it (where to sleep, pacing, places along a day, charging), and
/// the shared dialogs (help).
final class DayPlanRouter: CommonRouter, DayPlanRouterInput {
    func showTowns(of trip: Trip.ID, day: Int, output: PreviewModuleOutput) {
        context.stack.present(context.buildOvernight(trip, day: day, output: output))
    }

    func showPace(of trip: Trip.ID, output: PreviewModuleOutput) {
        context.stack.present(context.buildPace(trip, output: output))
    }

    func showCharge(of trip: Trip.ID, output: PreviewModuleOutput) {
        context.stack.present(context.buildCharge(trip, output: output))
    }

    func showAlong(of trip: Trip.ID, day: Int, output: PreviewModuleOutput) {
        context.stack.present(context.buildAlong(trip, day: day, output: output))
    }
}
