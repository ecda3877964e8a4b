// The sanitiser lives in its own module so that TerminalUI, which depends on nothing of ours, can use it
// too; everything that imports the core sees it as before.
@_exported import SafeText
