package org.walletstate.adapters.http.auth;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The endpoint takes an API key or a scanner session ({@code X-Scanner-Session}, from {@code POST
 * /v1/scanner/session}); with neither it is 401.
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface KeyOrScanner {}
