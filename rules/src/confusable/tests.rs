use super::*;

fn words_of(text: &str) -> Vec<u64> {
    description_words(text)
}

#[test]
fn plural_and_singular_are_one_name_in_number() {
    assert_eq!(likeness("get_entry", "get_entries"), Some(Likeness::Number));
    assert_eq!(
        likeness("listClass", "list_classes"),
        Some(Likeness::Number)
    );
    // `status` and `bus` are not plurals.
    assert_eq!(
        likeness("get_status", "get_statu"),
        Some(Likeness::Spelling)
    );
    assert_eq!(likeness("read_file", "read_files"), Some(Likeness::Number));
}

#[test]
fn word_order_swaps_read_through_plurals() {
    assert_eq!(
        likeness("search_items", "item_search"),
        Some(Likeness::WordOrder)
    );
    assert_eq!(
        likeness("user_create", "createUser"),
        Some(Likeness::WordOrder)
    );
    assert_eq!(likeness("user_create", "create_users_now"), None);
}

#[test]
fn synonym_verbs_count_only_with_the_rest_equal() {
    assert_eq!(
        likeness("list_skills", "get_skills"),
        Some(Likeness::Synonym)
    );
    assert_eq!(
        likeness("search_files", "find_files"),
        Some(Likeness::Synonym)
    );
    assert_eq!(likeness("search_files", "find_folders"), None);
    assert_eq!(likeness("delete_user", "create_user"), None);
    // A list and one of it: the usual pair of a REST API, not a swapped verb.
    assert_eq!(likeness("list_alerts", "get_alert"), None);
}

#[test]
fn one_letter_apart_needs_letters_and_leaves_digits_alone() {
    assert_eq!(
        likeness("get_stats", "get_status"),
        Some(Likeness::Spelling)
    );
    assert_eq!(
        likeness("serach_docs", "search_docs"),
        Some(Likeness::Spelling)
    );
    // Too short to be a slip rather than another word.
    assert_eq!(likeness("get", "set"), None);
    // Numbered on purpose.
    assert_eq!(likeness("tool_00001", "tool_00002"), None);
    assert_eq!(likeness("preview_start", "preview_stop"), None);
}

#[test]
fn look_alikes_are_left_to_their_own_lint() {
    assert_eq!(likeness("run_query", "Run-Query"), None);
    assert_eq!(likeness("runquery", "run_query"), None);
}

#[test]
fn pairs_of_a_list_match_the_pairwise_answer() {
    let names = [
        "get_skill",
        "get_skills",
        "item_search",
        "search_items",
        "get_stats",
        "get_status",
        "tool_1",
        "tool_2",
        "run_query",
        "Run-Query",
        "list_skills",
    ];
    let found = alike_pairs(&names);
    let mut every = Vec::new();
    for i in 0..names.len() {
        for j in i + 1..names.len() {
            if let Some(how) = likeness(names[i], names[j]) {
                every.push((i, j, how));
            }
        }
    }
    assert_eq!(found, every);
    assert!(found.contains(&(0, 1, Likeness::Number)));
    assert!(found.contains(&(2, 3, Likeness::WordOrder)));
    assert!(found.contains(&(4, 5, Likeness::Spelling)));
    assert!(found.contains(&(1, 10, Likeness::Synonym)));
}

#[test]
fn a_generated_family_stays_bounded() {
    let names: Vec<String> = (0..2000).map(|i| format!("tool_{i:05}")).collect();
    let refs: Vec<&str> = names.iter().map(String::as_str).collect();
    assert!(alike_pairs(&refs).is_empty());
    // Thousands of names one letter from each other: groups past the limit are left out.
    let letters: Vec<String> = (0..500)
        .map(|i| {
            let a = char::from(b'a' + u8::try_from(i % 26).unwrap());
            let b = char::from(b'a' + u8::try_from(i / 26 % 26).unwrap());
            format!("name_{a}{b}_thing")
        })
        .collect();
    let refs: Vec<&str> = letters.iter().map(String::as_str).collect();
    let found = alike_pairs(&refs);
    assert!(found.len() <= PAIR_LIMIT);
}

#[test]
fn evidence_needs_shape_or_near_identical_descriptions() {
    let a = words_of("Search the items of the catalogue by a free-text query.");
    let b = words_of("Search items in the catalogue with a free text query");
    let c = words_of("Delete one order, given its id.");
    assert!(overlap(&a, &b) >= DESCRIPTIONS_ALIKE, "{}", overlap(&a, &b));
    assert!(overlap(&a, &c) < DESCRIPTIONS_ALIKE);
    assert!(overlap(&a, &[]).abs() < f64::EPSILON);
    let alike = Evidence {
        same_shape: false,
        descriptions: overlap(&a, &b),
    };
    assert!(alike.holds());
    assert_eq!(alike.said(), "have near-identical descriptions");
    let apart = Evidence {
        same_shape: false,
        descriptions: overlap(&a, &c),
    };
    assert!(!apart.holds());
}

#[test]
fn a_huge_name_is_no_spelling_neighbour_and_costs_no_copies() {
    // Two 1 MB names one letter apart: past the longest name whose neighbours are made (each
    // would be a copy of the name per letter), so no pair, and no terabytes asked for.
    let a = format!("{}a", "x".repeat(1 << 20));
    let b = format!("{}b", "x".repeat(1 << 20));
    assert!(alike_pairs(&[&a, &b]).is_empty());
    assert_eq!(
        alike_pairs(&["search_items", "search_itens"])
            .iter()
            .map(|p| p.2)
            .collect::<Vec<_>>(),
        [Likeness::Spelling]
    );
}
