/// Navigation from the optimise preview: closing it (the shared dialogs too).
final class OptimiseRouter: CommonRouter, OptimiseRouterInput {}
