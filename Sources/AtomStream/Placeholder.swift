public enum AtomPlaceholder {}
