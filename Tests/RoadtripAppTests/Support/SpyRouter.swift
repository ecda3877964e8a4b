import Foundation
@testable import RoadtripApp
import RoadtripCore
import TerminalUI

/// Records navigation and keeps dialog callbacks so a test can answer them.
class SpyCommonRouter: CommonRouting {
    var prompts: [(title: String, initial: String, submit: (String) -> String?)] = []
    var editors: [(title: String, initial: String, submit: (String) -> String?)] = []
    var confirmations: [(question: String, onConfirm: () -> Void)] = []
    var choices: [(title: String, keys: [Character], onChoice: (Character) -> Void)] = []
    var helpShown = 0
    var closed = 0
    var copied: [String] = []

    func askForText(title: String, initial: String, enterDoes action: String, submit: @escaping (String) -> String?) {
        prompts.append((title, initial, submit))
    }

    func askForPath(title: String, initial: String, enterDoes action: String, submit: @escaping (String) -> String?) {
        prompts.append((title, initial, submit))
    }

    func editText(title: String, initial: String, submit: @escaping (String) -> String?) {
        editors.append((title, initial, submit))
    }

    func confirm(_ question: String, onConfirm: @escaping () -> Void) {
        confirmations.append((question, onConfirm))
    }

    func choose(title: String, message: String, choices: [ChoiceDialog.Choice],
                onChoice: @escaping (Character) -> Void) {
        self.choices.append((title, choices.map(\.key), onChoice))
    }

    func showHelp() { helpShown += 1 }
    func copyToClipboard(_ text: String) -> Bool {
        copied.append(text)
        return true
    }
    func close() { closed += 1 }
}

final class SpyTripListRouter: SpyCommonRouter, TripListRouterInput {
    var openedDetails: [Trip.ID] = []
    var settingsShown = 0
    var openedMessages: [String?] = []
    func showDetail(for id: Trip.ID, saying message: String?) {
        openedDetails.append(id)
        openedMessages.append(message)
    }
    func showSettings() { settingsShown += 1 }
}

final class SpyTripListView: TripListViewInput {
    var models: [TripListViewModel] = []
    var last: TripListViewModel { models.last! }
    func show(_ model: TripListViewModel) { models.append(model) }
}

final class SpyTripDetailRouter: SpyCommonRouter, TripDetailRouterInput {
    var forms: [(editing: Waypoint?, near: Waypoint?, next: Waypoint?)] = []
    weak var output: WaypointModuleOutput?

    func showWaypointForm(editing waypoint: Waypoint?, after previous: Waypoint?, before next: Waypoint?,
                          output: WaypointModuleOutput) {
        forms.append((waypoint, previous, next))
        self.output = output
    }

    var maps: [(trip: Trip.ID, selected: Waypoint.ID?)] = []
    func showMap(of trip: Trip.ID, selected: Waypoint.ID?, output: TripMapModuleOutput) { maps.append((trip, selected)) }

    var dayPlans: [(trip: Trip.ID, day: Int)] = []
    func showDays(of trip: Trip.ID, day: Int, output: DayPlanModuleOutput) { dayPlans.append((trip, day)) }

    var optimised: [Trip.ID] = []
    func showOptimise(of trip: Trip.ID, output: PreviewModuleOutput) { optimised.append(trip) }
}

final class SpyTripMapRouter: SpyCommonRouter, TripMapRouterInput {
    var forms: [(editing: Waypoint, near: Waypoint?)] = []
    weak var output: WaypointModuleOutput?

    func showWaypointForm(editing waypoint: Waypoint, near previous: Waypoint?, output: WaypointModuleOutput) {
        forms.append((waypoint, previous))
        self.output = output
    }
}

final class SpyTripMapView: TripMapViewInput {
    var models: [TripMapViewModel] = []
    var last: TripMapViewModel { models.last! }
    func show(_ model: TripMapViewModel) { models.append(model) }
}

final class SpyTripDetailView: TripDetailViewInput {
    var models: [TripDetailViewModel] = []
    var last: TripDetailViewModel { models.last! }
    func show(_ model: TripDetailViewModel) { models.append(model) }
}

final class SpyWaypointRouter: SpyCommonRouter, WaypointRouterInput {}

final class SpyWaypointView: WaypointViewInput {
    var models: [WaypointViewModel] = []
    var last: WaypointViewModel { models.last! }
    func show(_ model: WaypointViewModel) { models.append(model) }
}

/// Receives the stop form's result like the trip screen does.
final class SpyWaypointOutput: WaypointModuleOutput {
    var saved: [Waypoint] = []
    var failure: String?
    func waypointModule(didSave waypoint: Waypoint) -> String? {
        saved.append(waypoint)
        return failure
    }
}

final class SpySettingsRouter: SpyCommonRouter, SettingsRouterInput {}

final class SpySettingsView: SettingsViewInput {
    var models: [SettingsViewModel] = []
    var last: SettingsViewModel { models.last! }
    func show(_ model: SettingsViewModel) { models.append(model) }
}
