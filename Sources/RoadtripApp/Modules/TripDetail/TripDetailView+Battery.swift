import TerminalUI

extension TripDetailView {
    /// The BATTERY column, after the stop columns (`StopColumn`): an electric trip's "14 → 80 %" at each stop, a
    /// charge stop's marked; no room (content 0) for any other trip, which leaves it out.
    static func batteryColumn(_ battery: TripBattery?) -> TableLayout.Column {
        .init(title: "BATTERY", content: battery?.widest ?? 0)
    }

    /// `stopDropOrder` with the battery before the arrival: on a narrow screen the arrival stays longest.
    static let dropOrderWithBattery: [Int] = {
        let order = stopDropOrder.map(\.rawValue), battery = StopColumn.allCases.count
        return order.dropLast() + [battery] + order.suffix(1)
    }()
}
