/// Navigation from a preview: closing it.
final class PreviewRouter: CommonRouter, PreviewRouterInput {}
