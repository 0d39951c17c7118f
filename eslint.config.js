// The site's JavaScript check (`make test`, scripts/test.sh; docs/decisions.md 75): eslint's recommended rules
// over static/js, the browser's globals and the ones Django's JavaScript catalogue (/jsi18n/) defines.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: {
        ...globals.browser,
        gettext: "readonly",
        ngettext: "readonly",
        interpolate: "readonly",
        pgettext: "readonly",
        npgettext: "readonly",
        get_format: "readonly",
      },
    },
    rules: {
      // An unused argument often names what a handler is given (an event, a frame): kept for the reader.
      "no-unused-vars": ["error", { args: "none", caughtErrors: "none" }],
    },
  },
];
