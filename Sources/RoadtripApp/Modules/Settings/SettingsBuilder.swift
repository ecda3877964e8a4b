import RoadtripCore
import TerminalUI

/// Wires the Settings module and returns its view, ready to push.
enum SettingsBuilder {
    static func build(context: AppContext) -> Screen {
        let view = SettingsView()
        let router = SettingsRouter(context: context, screen: view)
        let interactor = SettingsInteractor(file: context.settingsFile, service: context.settingsService)
        let presenter = SettingsPresenter(interactor: interactor, router: router, environment: context.environment)
        view.presenter = presenter
        presenter.view = view
        presenter.subscription = context.feed.subscribe { [weak presenter] change in presenter?.dataDidChange(change) }
        return view
    }
}
