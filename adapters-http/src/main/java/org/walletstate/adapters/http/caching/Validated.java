package org.walletstate.adapters.http.caching;

import jakarta.ws.rs.NameBinding;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The annotated GET endpoint's successful answers carry a strong {@code ETag} (a digest of the
 * bytes sent) and {@link #value()} as {@code Cache-Control}; a request whose {@code If-None-Match}
 * names the current tag is answered 304 without a body ({@link ConditionalGets}).
 */
@NameBinding
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Validated {

  /** The {@code Cache-Control} of the answer (and of its 304). */
  String value() default "no-cache";
}
