export default ['features/projects'];
