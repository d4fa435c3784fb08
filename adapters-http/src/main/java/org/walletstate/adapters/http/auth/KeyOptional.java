package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public endpoint that also takes an API key: with a valid key the call counts against the key's
 * daily limit (its plan); an invalid key is 401; without a key the caller is held to the endpoint's
 * per-address limit.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface KeyOptional {}
