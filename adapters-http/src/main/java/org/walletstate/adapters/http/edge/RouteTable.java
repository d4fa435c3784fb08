package org.walletstate.adapters.http.edge;

import jakarta.enterprise.inject.spi.Bean;
import jakarta.enterprise.inject.spi.BeanManager;
import jakarta.ws.rs.HttpMethod;
import jakarta.ws.rs.Path;
import java.lang.annotation.Annotation;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The REST routes of the service, read once from the resource classes, so that a 405 can name the
 * methods a path does allow (the {@code Allow} header the HTTP specification asks for). Built at
 * start by the composition root ({@code HttpEdgeWiring}) from the container's beans.
 */
public class RouteTable {

  private record Route(String template, Pattern path, String method, boolean readsBody) {}

  /** A path parameter, {@code {name}} or {@code {name: regex}} (a regex without braces). */
  private static final Pattern PARAMETER =
      Pattern.compile("\\{(\\w+)(?:\\s*:\\s*([^{}]+?))?\\s*\\}");

  private final List<Route> routes = new ArrayList<>();

  public RouteTable(BeanManager beans) {
    for (Bean<?> bean : beans.getBeans(Object.class)) {
      Class<?> type = bean.getBeanClass();
      Path root = type.getAnnotation(Path.class);
      if (root == null || !type.getPackageName().startsWith("org.walletstate")) {
        continue;
      }
      for (Method m : type.getMethods()) {
        String verb = verb(m);
        if (verb == null) {
          continue;
        }
        Path sub = m.getAnnotation(Path.class);
        String template = join(root.value(), sub == null ? "" : sub.value());
        routes.add(
            new Route(
                PARAMETER.matcher(template).replaceAll("{$1}"),
                compile(template),
                verb,
                readsBody(m)));
      }
    }
  }

  private static String verb(Method m) {
    for (Annotation a : m.getAnnotations()) {
      HttpMethod http = a.annotationType().getAnnotation(HttpMethod.class);
      if (http != null) {
        return http.value();
      }
    }
    return null;
  }

  /** Whether the method takes the request body: a parameter without any annotation is the body. */
  private static boolean readsBody(Method m) {
    for (Annotation[] annotations : m.getParameterAnnotations()) {
      if (annotations.length == 0) {
        return true;
      }
    }
    return false;
  }

  private static String join(String a, String b) {
    String joined = ("/" + a + "/" + b).replaceAll("/+", "/");
    return joined.length() > 1 && joined.endsWith("/")
        ? joined.substring(0, joined.length() - 1)
        : joined;
  }

  /**
   * The path template's paths: a parameter is one segment, or what its own regular expression
   * matches ({@code {index: .+}}, which may span segments).
   */
  private static Pattern compile(String template) {
    StringBuilder regex = new StringBuilder();
    Matcher parameter = PARAMETER.matcher(template);
    int at = 0;
    while (parameter.find()) {
      regex.append(Pattern.quote(template.substring(at, parameter.start())));
      regex.append(parameter.group(2) == null ? "[^/]+" : "(?:" + parameter.group(2) + ")");
      at = parameter.end();
    }
    regex.append(Pattern.quote(template.substring(at)));
    return Pattern.compile(regex + "/?");
  }

  /**
   * Every routed path template ({@code /v1/merchants/{id}}) with the methods declared on it, as the
   * resources declare them (the implicit HEAD of a GET is not listed), a parameter's regular
   * expression left out ({@code {index}}).
   */
  public Map<String, Set<String>> templates() {
    Map<String, Set<String>> templates = new TreeMap<>();
    for (Route r : routes) {
      templates.computeIfAbsent(r.template(), t -> new TreeSet<>()).add(r.method());
    }
    return templates;
  }

  /**
   * The routes ({@code "PUT /v1/merchants/{id}/domain-verification"}) whose method reads no request
   * body.
   */
  public Set<String> withoutBody() {
    Set<String> without = new TreeSet<>();
    for (Route r : routes) {
      if (!r.readsBody()) {
        without.add(r.method() + " " + r.template());
      }
    }
    return without;
  }

  /** The methods some route accepts on {@code path}, in alphabetical order. */
  public Set<String> allowedMethods(String path) {
    Set<String> allowed = new TreeSet<>();
    for (Route r : routes) {
      if (r.path().matcher(path).matches()) {
        allowed.add(r.method());
      }
    }
    if (allowed.contains("GET")) {
      allowed.add("HEAD");
    }
    return allowed;
  }
}
