// The renderer, the server and the CLI read and set single fields of the presentation; users
// read `presentation` and set fields through the modifiers, so these stay inside the package.
extension ImageDescriptor {
    package var focus: Focus {
        get { presentation.focus }
        set { presentation.focus = newValue }
    }

    package var shape: ImageShape {
        get { presentation.shape }
        set { presentation.shape = newValue }
    }

    package var border: Border? {
        get { presentation.border }
        set { presentation.border = newValue }
    }

    package var overlays: [ImageOverlay] {
        get { presentation.overlays }
        set { presentation.overlays = newValue }
    }

    package var effects: [ImageEffect] {
        get { presentation.effects }
        set { presentation.effects = newValue }
    }

    package var backdrop: Backdrop? {
        get { presentation.backdrop }
        set { presentation.backdrop = newValue }
    }

    package var sizing: Sizing {
        get { presentation.sizing }
        set { presentation.sizing = newValue }
    }
}
