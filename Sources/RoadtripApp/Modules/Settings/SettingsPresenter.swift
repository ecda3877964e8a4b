import Foundation
import RoadtripCore

/// View logic of the Settings screen: every key with the file's value, the selected key's hint, and what
/// Enter and d do to it. Each change is saved at once and is in force on every screen when it returns.
final class SettingsPresenter: SettingsViewOutput {
    weak var view: SettingsViewInput?
    private let interactor: SettingsInteractorInput
    private let router: SettingsRouterInput
    private let keys = SettingKey.allCases
    /// The file's values (the defaults for what it does not set), and the keys it sets.
    private var values = Settings()
    private var keysFromFile: Set<SettingKey> = []
    private var selected = 0
    private var message: StatusMessage?
    private var problemsShown = false
    /// Where a default folder resolves (`$XDG_DATA_HOME`, `$HOME`): shown as the folder it means.
    private let environment: [String: String]
    /// Changes from elsewhere (`dataDidChange`), for as long as the presenter lives.
    var subscription: ChangeFeed.Subscription?

    init(interactor: SettingsInteractorInput, router: SettingsRouterInput,
         environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.interactor = interactor
        self.router = router
        self.environment = environment
    }

    // MARK: View output

    /// Reads the file each time the screen shows (another program or `roadtrip config set` may have changed it).
    func viewWillAppear() {
        guard let contents = interactor.load() else { return render() }
        take(contents)
        if !problemsShown {
            problemsShown = true
            if !contents.problems.isEmpty { message = .info(contents.problems.joined(separator: " ")) }
        }
        render()
    }

    /// The late data the screen reads: the settings, changed by the file followed while the app runs.
    static let reads: Set<LateInput> = [.settings]

    /// The settings file changed behind the screen (another shell's `config set`): its values are read again.
    func dataDidChange(_ change: DataChange) {
        ScreenChange(change, reads: Self.reads).apply(say: { message = $0 }, reload: {
            if let contents = interactor.load() { take(contents) }
            render()
        }, render: render)
    }

    func didMoveSelection(to row: Int) {
        message = nil
        selected = min(max(row, 0), keys.count - 1)
        render()
    }

    func didRequestChange() {
        let key = keys[selected]
        message = nil
        if let choices = key.choices {
            let index = choices.firstIndex(of: shown(key)).map { $0 + 1 } ?? 0
            changing(key) { try $0.set(key, to: choices[index % choices.count]) }
            return
        }
        router.askForText(title: "\(key.rawValue): \(key.requirement)", initial: shown(key)) {
            [weak self] text in
            self?.changing(key) { try $0.set(key, to: text) }
        }
        render()
    }

    func didRequestReset() {
        let key = keys[selected]
        message = nil
        let done = keysFromFile.contains(key) ? "is back to its default" : "is already the default"
        changing(key, done: "\(key.rawValue) \(done), \(key.defaultText(environment: environment))") {
            try $0.reset(key)
        }
    }

    func didRequestBack() {
        router.close()
    }

    // MARK: Changing

    /// Runs a change of `key`, then shows it (`done`, else "Saved speed_kmh = 100"). Returns the rule a typed
    /// value broke (the prompt stays open with it; nothing was written); any other failure (the file cannot be
    /// read or written) goes to the message area.
    @discardableResult
    private func changing(_ key: SettingKey, done: String? = nil,
                          _ change: (SettingsInteractorInput) throws -> SettingsFile.Contents) -> String? {
        defer { render() }
        do {
            take(try change(interactor))
        } catch let error as SettingsError where error.isUserError {
            return error.description
        } catch {
            message = .error(String(describing: error))
            return nil
        }
        var text = done ?? "Saved \(key.rawValue) = \(shown(key))"
        // Said so that a change that does not show (the command line overrides it) is not a mystery.
        if let flag = interactor.overrides.flag(for: key) { text += "; this run keeps \(flag)" }
        message = .info(text)
        return nil
    }

    /// The key's value as the screen shows it: an unset folder as the folder it means.
    private func shown(_ key: SettingKey) -> String {
        key.text(in: values, environment: environment)
    }

    private func take(_ contents: SettingsFile.Contents) {
        values = contents.settings
        keysFromFile = contents.keysFromFile
    }

    // MARK: Building the view model

    private func render() {
        let key = keys[selected]
        var hint = "\(key.hint) · default \(key.defaultText(environment: environment))"
        if let flag = interactor.overrides.flag(for: key) { hint += " · this run: \(flag)" }
        let flags = interactor.overrides.flags
        view?.show(SettingsViewModel(
            title: "Settings", location: interactor.location ?? "no settings file",
            overrideNote: flags.isEmpty ? nil : flags.joined(separator: ", ") + " for this run",
            rows: keys.map { key in
                .init(key: key.rawValue, value: shown(key),
                      note: keysFromFile.contains(key) ? "" : "(default)")
            },
            selectedIndex: selected, hint: hint, message: message))
    }
}
