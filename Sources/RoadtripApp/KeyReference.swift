import TerminalUI

/// Every screen's, modal's and dialog's keys, read from their key tables: `roadtrip help keys` prints it and
/// `make docs` writes it to docs/keys.md (a test fails when that file is stale). A new table, or tables merged,
/// change `sections` and nothing else.
public enum KeyReference {
    /// Each screen or mode by name, with its keys as the help overlay lists them.
    public static var sections: [(name: String, keys: [KeyHelp])] {
        let stack = ScreenStack()
        let confirm = ConfirmDialog(title: "", message: "", stack: stack) { _ in }
        return [
            ("Everywhere", Application.globalKeys.help + Application.quitKeys.help),
            ("Trips", TripListView.keys.help),
            ("Trips, typing a filter", TripListView.filterKeys.help + TextField.keys.help),
            ("A trip's stops", TripDetailView.keys.help),
            ("Days", DayPlanView.keys.help),
            ("Map", TripMapView.keys.help + [KeyHelp("click", "select the nearest stop")]),
            ("Stop form", WaypointView.keys.help + TextField.keys.help),
            ("Stop form, in the notes", only(WaypointView.notesKeys, over: WaypointView.keys)),
            ("Stop form, places suggested", only(WaypointView.suggestionKeys, over: WaypointView.keys)),
            ("Settings", SettingsView.keys.help),
            ("Optimise, searching", PreviewView.keys(OptimiseKind.keys, at: .searching).help),
            ("Optimise, the new order", PreviewView.keys(OptimiseKind.keys, at: .order).help),
            ("Where to sleep, the towns", PreviewView.keys(OvernightKind.keys, at: .choices).help),
            ("Pace, the nights", PreviewView.keys(PaceKind.keys, at: .lines).help),
            ("Along the road, searching", PreviewView.keys(AlongKind.keys, at: .searching).help),
            ("Along the road", PreviewView.keys(AlongKind.keys, at: .choices).help + AlongKind.helpNotes),
            ("Charge, the plan", PreviewView.keys(ChargeKind.keys, at: .lines).help + ChargeKind.helpNotes),
            ("Question (yes or no)", confirm.keyHelp),
            ("Choice", [KeyHelp("the letter in brackets", "that answer")]
                + ChoiceDialog(title: "", message: "", choices: [], stack: stack) { _, _ in }.keyHelp),
            ("Text prompt", PromptDialog(title: "", action: "do what the prompt says", stack: stack,
                                         complete: PathCompletion.complete) { _ in nil }.keyHelp + TextField.keys.help),
            ("Notes editor", TextAreaDialog(title: "", text: "", stack: stack) { _ in nil }.keyHelp),
            ("Help (?)", HelpOverlay(for: confirm, stack: stack).keyHelp),
        ]
    }

    /// The reference as Markdown: a table per section.
    public static var markdown: String {
        var lines = [
            "# roadtrip — keys", "",
            "<!-- Generated from the key tables by `make docs` (`roadtrip help keys`): edit the tables, not this file. -->",
            "",
            "Every screen's keys. In the app, `?` lists the keys of the screen you are on; the stop form, which takes "
                + "every key, uses F1.",
        ]
        for section in sections {
            lines += ["", "## \(section.name)", "", "| Keys | What they do |", "|---|---|"]
            lines += section.keys.map { "| `\(cell($0.keys))` | \(cell($0.action)) |" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A mode's rows that differ from the screen's it lies over.
    private static func only<Target>(_ mode: KeyTable<Target>, over base: KeyTable<Target>) -> [KeyHelp] {
        mode.help.filter { !base.help.contains($0) }
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|")
    }
}
