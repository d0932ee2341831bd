//! Characters that make a name display as something it is not, or as nothing: below every
//! check that looks at single characters (contracts, alias names, messages).

/// Whether `ch` is a control character (Unicode category Cc) or a bidirectional control
/// (U+061C, U+200E, U+200F, U+202A to U+202E, U+2066 to U+2069), which can make a name
/// display as something it is not.
#[must_use]
pub const fn is_control_like(ch: char) -> bool {
    matches!(ch as u32,
        0x00..=0x1F | 0x7F..=0x9F | 0x061C | 0x200E | 0x200F | 0x202A..=0x202E | 0x2066..=0x2069)
}

/// Whether `ch` draws as nothing or as a blank: zero-width and every other format character
/// (Unicode category Cf: Arabic number signs, deprecated format controls, interlinear
/// annotation, Egyptian and shorthand format controls, musical beam controls), fillers
/// (Hangul, braille blank), variation selectors (Mongolian, U+FE00 to U+FE0F and the
/// supplement U+E0100 to U+E01EF) and tag characters, and every whitespace character but the
/// plain space. Two names that differ only by one of these look the same.
#[must_use]
pub const fn is_invisible(ch: char) -> bool {
    matches!(ch as u32,
        0x00A0 | 0x00AD | 0x034F | 0x0600..=0x0605 | 0x06DD | 0x070F | 0x0890 | 0x0891 | 0x08E2
        | 0x115F | 0x1160 | 0x1680 | 0x17B4 | 0x17B5 | 0x180B..=0x180F
        | 0x2000..=0x200D | 0x2028 | 0x2029 | 0x202F | 0x205F..=0x2064 | 0x206A..=0x206F
        | 0x2800 | 0x3000 | 0x3164 | 0xFE00..=0xFE0F | 0xFEFF | 0xFFA0 | 0xFFF9..=0xFFFB
        | 0x110BD | 0x110CD | 0x13430..=0x1343F | 0x1BCA0..=0x1BCA3 | 0x1D173..=0x1D17A
        | 0xE0000..=0xE007F | 0xE0100..=0xE01EF)
}
