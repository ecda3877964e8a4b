import RoadtripCore

extension ScreenBattery {
    /// The selected stop's preview with its battery, and a charge stop's charging: "… · battery 25 → 56 % · charging
    /// 17 min · 150 kW · +19 kWh" (the BATTERY column is the first to go on a narrow screen; the preview keeps it).
    func preview(_ preview: TripDetailViewModel.StopPreview, of stop: Waypoint, at index: Int) -> TripDetailViewModel.StopPreview {
        guard stops.indices.contains(index) else { return preview }
        var stay = preview.stay + " · battery " + stops[index]
        if let mark = stop.charge { stay += " · charging " + BatteryText.charge(mark, stayMinutes: stop.stayMinutes) }
        return .init(title: preview.title, place: preview.place, stay: stay, dark: preview.dark, notes: preview.notes)
    }
}
