package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The endpoint takes an API key or per-call payment (x402): a caller with no credential at all is
 * let through as anonymous, and the resource answers with a payment quote.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface PayPerCall {}
