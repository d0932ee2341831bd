//! [`NoMap`]: what stands where rmcp's `ToolRouter` has its public field `map`, so that code
//! written for rmcp's router (`tools.map.values()`) fails with a message naming the registry
//! method to write instead, not with `no field map` naming neither. Every method has a bound
//! no type meets (its trait is sealed and has no impl); its message is the replacement.

use std::fmt;
use std::marker::PhantomData;

mod sealed {
    pub trait Sealed {}
}

/// Stands where rmcp's router has `map`: none of its methods can be called. A registry's routes
/// are read with `routes`, `route`, `names`, `len` and `is_empty`, and changed in place with
/// `for_each_route_mut`, which keeps every name as it is.
pub struct NoMap<R>(PhantomData<fn() -> R>);

impl<R> Default for NoMap<R> {
    fn default() -> Self {
        Self(PhantomData)
    }
}

impl<R> Clone for NoMap<R> {
    fn clone(&self) -> Self {
        Self::default()
    }
}

impl<R> fmt::Debug for NoMap<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("NoMap")
    }
}

// One trait per method of rmcp's `map` (a `HashMap` of name to route), with no impl: the
// bound of the method of that name below, its message the replacement. `on_unimplemented`
// takes literals only, so each is written out.

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.routes()` instead of `.map.values()`",
    label = "write `.routes()` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseRoutes: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.for_each_route_mut(|route| ...)` instead of `.map.values_mut()`",
    label = "write `.for_each_route_mut(|route| ...)` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseForEachRouteMut: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.routes()` instead of `.map.iter()`",
    label = "write `.routes()` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseRoutesForIter: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.route(name)` instead of `.map.get(name)`",
    label = "write `.route(name)` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseRoute: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.for_each_route_mut(|route| ...)` instead of `.map.get_mut(name)`",
    label = "write `.for_each_route_mut(|route| ...)` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseForEachRouteMutForGetMut: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.route(name).is_some()` instead of `.map.contains_key(name)`",
    label = "write `.route(name).is_some()` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseRouteIsSome: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.names()` instead of `.map.keys()`",
    label = "write `.names()` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseNames: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.len()` instead of `.map.len()`",
    label = "write `.len()` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseLen: sealed::Sealed {}

#[diagnostic::on_unimplemented(
    message = "this registry has no `map` (the field of rmcp's `ToolRouter`): write `.is_empty()` instead of `.map.is_empty()`",
    label = "write `.is_empty()` instead",
    note = "a registry reads its routes with `routes()`, `route(name)`, `names()`, `len()` and `is_empty()`, and changes them in place with `for_each_route_mut(|route| ...)`, which keeps every name as the checks left it"
)]
pub trait UseIsEmpty: sealed::Sealed {}

// The methods of rmcp's `map` that code written for it calls; none can be called.
#[allow(clippy::unused_self)]
impl<R> NoMap<R> {
    /// rmcp's `.map.values()`: write `.routes()`.
    pub fn values(&self) -> std::iter::Empty<&R>
    where
        R: UseRoutes,
    {
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.values_mut()`: write `.for_each_route_mut(|route| ...)`.
    pub fn values_mut(&mut self) -> std::iter::Empty<&mut R>
    where
        R: UseForEachRouteMut,
    {
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.iter()`: write `.routes()`.
    pub fn iter(&self) -> std::iter::Empty<(&str, &R)>
    where
        R: UseRoutesForIter,
    {
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.get(name)`: write `.route(name)`.
    pub fn get(&self, name: &str) -> Option<&R>
    where
        R: UseRoute,
    {
        let _ = name;
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.get_mut(name)`: write `.for_each_route_mut(|route| ...)`.
    pub fn get_mut(&mut self, name: &str) -> Option<&mut R>
    where
        R: UseForEachRouteMutForGetMut,
    {
        let _ = name;
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.contains_key(name)`: write `.route(name).is_some()`.
    pub fn contains_key(&self, name: &str) -> bool
    where
        R: UseRouteIsSome,
    {
        let _ = name;
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.keys()`: write `.names()`.
    pub fn keys(&self) -> std::iter::Empty<&str>
    where
        R: UseNames,
    {
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.len()`: write `.len()`.
    pub fn len(&self) -> usize
    where
        R: UseLen,
    {
        unreachable!("no type implements the sealed trait bounding this method")
    }

    /// rmcp's `.map.is_empty()`: write `.is_empty()`.
    pub fn is_empty(&self) -> bool
    where
        R: UseIsEmpty,
    {
        unreachable!("no type implements the sealed trait bounding this method")
    }
}
