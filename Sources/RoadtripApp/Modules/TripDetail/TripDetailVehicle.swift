import Foundation
import RoadtripCore
import TerminalUI

/// The trip's vehicle and roads to avoid (`V`, issue 37): what the trip is routed for and where each figure comes
/// from; a key cycles the vehicle, toggles a road, or goes back to the settings'. Each is one undo step, and the
/// message line says what the engines cannot honour of it. The legs are routed again for the new profile (the route
/// service keys its engines by it).
final class TripDetailVehicle {
    private let interactor: TripDetailInteractorInput
    private let router: TripDetailRouterInput
    private let settings: LiveSettings
    /// Makes a change and says how it went (the presenter's `perform`).
    private let perform: (() throws -> ChangeDescription) -> Void

    init(interactor: TripDetailInteractorInput, router: TripDetailRouterInput, settings: LiveSettings,
         perform: @escaping (() throws -> ChangeDescription) -> Void) {
        self.interactor = interactor
        self.router = router
        self.settings = settings
        self.perform = perform
    }

    func show(_ trip: Trip) {
        let settings = settings.current, applied = settings.applying(trip)
        let next = VehicleText.nextKind(trip, settings)
        let nextName = next?.rawValue ?? "the settings' (\(settings.vehicle.rawValue))"
        var choices = [ChoiceDialog.Choice("v", "next vehicle: " + nextName)]
        choices += VehicleText.avoidKeys.map { key, avoid in
            ChoiceDialog.Choice(key, "\(avoid.rawValue): \(applied.avoid.contains(avoid) ? "avoided" : "taken")")
        }
        if trip.vehicle != nil || trip.avoid != nil {
            choices.append(ChoiceDialog.Choice("x", "back to the settings'"))
        }
        router.choose(title: "Vehicle and roads", message: VehicleText.lines(trip, settings).joined(separator: "\n"),
                      choices: choices) { [weak self] (key: Character) in
            guard let self else { return }
            if key == "v" { return self.change { try $0.setVehicle(next) } }
            if key == "x" { return self.change { try $0.useSettingsVehicle() } }
            guard let avoid = VehicleText.avoidKeys.first(where: { $0.key == key })?.avoid else { return }
            self.change { try $0.setAvoiding(avoid, !applied.avoid.contains(avoid), over: settings.avoid) }
        }
    }

    /// Makes the change; the message line adds what the engines cannot honour of the trip's profile now.
    private func change(_ body: (TripDetailInteractorInput) throws -> ChangeDescription) {
        perform { [interactor, settings] in
            let done = try body(interactor)
            guard let trip = interactor.loadTrip(),
                  let limits = EngineLimitText.note(settings.current.applying(trip)) else { return done }
            return ChangeDescription(done.verb, done.pastTense, "\(done.object) (\(limits))")
        }
    }
}
