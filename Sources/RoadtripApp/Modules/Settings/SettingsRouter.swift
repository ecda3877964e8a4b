/// Navigation from the Settings screen: the value prompt, help and leaving.
final class SettingsRouter: CommonRouter, SettingsRouterInput {}
